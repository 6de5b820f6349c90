import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../store/types';
import { ModelPriceFields, pricesProblem, pricesToSave } from './model-price-fields';
import { settingsToSave } from './settings-dialog';

const render = (model: string, prices?: Parameters<typeof ModelPriceFields>[0]['prices']) =>
  renderToStaticMarkup(<ModelPriceFields model={model} prices={prices} onChange={() => undefined} />);

describe("Settings' model prices", () => {
  it("are textboxes that start at a known model's default prices and say where those come from", () => {
    const html = render('gemini-2.5-flash');
    expect(html).toMatch(/<input type="text" inputMode="decimal" aria-label="Price per million input tokens"[^>]* value="0.3"\/>/);
    expect(html).toMatch(/aria-label="Price per million output tokens"[^>]* value="2.5"\/>/);
    expect(html).toMatch(/aria-label="Price per million cached input tokens"[^>]* value="0.03"\/>/);
    expect(html).toContain('Defaults: Google’s Gemini API list prices');
  });

  it("start at the person's own prices for the model, and are empty for a model nobody priced", () => {
    expect(render('gemini-2.5-flash', { 'gemini-2.5-flash': { input: 0.5, output: 4 } })).toMatch(/aria-label="Price per million input tokens"[^>]* value="0.5"\/>/);
    const unknown = render('qwen2.5-coder');
    expect(unknown).toMatch(/aria-label="Price per million input tokens"[^>]* value=""\/>/);
    expect(unknown).toContain('Loopscope knows no price for qwen2.5-coder');
  });

  it('refuse a figure that is not a number of dollars, negative or absurd, and a price without input or output', () => {
    expect(pricesProblem(undefined)).toBeNull();
    expect(pricesProblem({ m: { input: 0, output: 1.5 } })).toBeNull();
    expect(pricesProblem({ m: { input: Number.NaN, output: 1 } })).toMatch(/^Price per million input tokens of m is not a number of dollars/);
    expect(pricesProblem({ m: { input: 1, output: -1 } })).toMatch(/^Price per million output tokens of m cannot be negative/);
    expect(pricesProblem({ m: { input: 1, output: 1, cachedInput: 1e6 } })).toMatch(/^Price per million cached input tokens of m is over 10,000/);
    const fixing = render('m', { m: { input: Number.NaN, output: 1 } });
    expect(fixing).toContain('role="alert"');
    // A figure being fixed shows as empty, never as NaN.
    expect(fixing).toMatch(/aria-label="Price per million input tokens"[^>]*aria-invalid="true"[^>]* value=""\/>/);
  });

  it('are stored only where they differ from the defaults, and all back at the defaults removes the stored ones', () => {
    expect(pricesToSave({ 'gemini-2.5-flash': { input: 0.3, output: 2.5, cachedInput: 0.03 }, mine: { input: 1, output: 2 } })).toEqual({ mine: { input: 1, output: 2 } });
    expect(pricesToSave({ 'gemini-2.5-flash': { input: 0.3, output: 2.5, cachedInput: 0.03 } })).toBeUndefined();
    const previous = { ...DEFAULT_SETTINGS, modelPrices: { mine: { input: 1, output: 2 } } };
    const saved = settingsToSave({ ...previous, modelPrices: undefined }, previous);
    expect('modelPrices' in saved && saved.modelPrices === undefined).toBe(true);
    expect(settingsToSave({ ...previous, modelPrices: { 'gemini-2.5-flash': { input: 0.25, output: 2.5 } } }, previous).modelPrices).toEqual({ 'gemini-2.5-flash': { input: 0.25, output: 2.5 } });
  });
});
