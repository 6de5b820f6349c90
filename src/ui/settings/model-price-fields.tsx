/**
 * Settings → Model: what the chosen model's tokens cost, in US dollars per million tokens, for
 * the Loop inspector's costs, links and traces. The fields start at the person's prices for the
 * model, else Loopscope's defaults (shared/model-prices.ts), else empty; what differs from the
 * defaults is stored, by model name, so prices can be set for any model (a local one included).
 */
import { useId, useState } from 'react';
import { DEFAULT_MODEL_PRICES, DEFAULT_PRICES_SOURCE, priceFor, priceKeyOf, pricePerMillionProblem } from '../../shared/model-prices';
import type { ModelPrice, ModelPrices } from '../../shared/model-prices';

type Figure = keyof ModelPrice;

const FIELDS: readonly { figure: Figure; label: string }[] = [
  { figure: 'input', label: 'Price per million input tokens' },
  { figure: 'output', label: 'Price per million output tokens' },
  { figure: 'cachedInput', label: 'Price per million cached input tokens' },
];

/** A field's text as a figure: '' is absent; anything but a plain number is NaN (refused by pricesProblem). */
function figureOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d*\.?\d+$|^\d+\.$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Why one figure of a price cannot be used, or null (an absent cached price is the input price). */
function figureProblem(price: ModelPrice, figure: Figure): string | null {
  const value = price[figure];
  if (value === undefined) return figure === 'cachedInput' ? null : 'is not a number of dollars, e.g. 0.30';
  const problem = pricePerMillionProblem(value);
  return problem === 'is not a number' ? 'is not a number of dollars, e.g. 0.30' : problem;
}

/** Why the draft's prices cannot be saved, or null: every figure a number from 0 to the maximum, input and output both given. */
export function pricesProblem(prices: Readonly<ModelPrices> | undefined): string | null {
  for (const [model, price] of Object.entries(prices ?? {})) {
    for (const { figure, label } of FIELDS) {
      const problem = figureProblem(price, figure);
      if (problem) return `${label} of ${model} ${problem}${figure === 'cachedInput' ? '' : ' (empty all three for the defaults)'}.`;
    }
  }
  return null;
}

function samePrice(left: ModelPrice, right: ModelPrice | undefined): boolean {
  return !!right && left.input === right.input && left.output === right.output && left.cachedInput === right.cachedInput;
}

/** What Save stores: the prices that differ from the defaults; undefined (present, so the stored ones go) when none do. */
export function pricesToSave(prices: Readonly<ModelPrices> | undefined): ModelPrices | undefined {
  const kept: ModelPrices = {};
  for (const [model, price] of Object.entries(prices ?? {})) {
    const key = priceKeyOf(model);
    if (key === '' || (Object.hasOwn(DEFAULT_MODEL_PRICES, key) && samePrice(price, DEFAULT_MODEL_PRICES[key]))) continue;
    kept[key] = price;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

const textOf = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '' : String(value));

export interface ModelPriceFieldsProps {
  /** The model of the chosen provider, as Settings names it. */
  model: string;
  prices: Readonly<ModelPrices> | undefined;
  onChange: (prices: ModelPrices | undefined) => void;
}

export function ModelPriceFields(props: ModelPriceFieldsProps) {
  // Each model starts from its own prices: a new model name starts the fields afresh.
  return <PriceInputs key={priceKeyOf(props.model)} {...props} />;
}

function PriceInputs({ model, prices, onChange }: ModelPriceFieldsProps) {
  const key = priceKeyOf(model);
  const hintId = useId();
  const [texts, setTexts] = useState<Record<Figure, string>>(() => {
    // The draft's own entry as it is (a figure being fixed included), else the defaults.
    const start = key === '' ? null : Object.hasOwn(prices ?? {}, key) ? prices![key]! : priceFor(key);
    return { input: textOf(start?.input), output: textOf(start?.output), cachedInput: textOf(start?.cachedInput) };
  });
  const entry = prices?.[key];
  const problem = pricesProblem(prices);
  const change = (figure: Figure, text: string) => {
    const next = { ...texts, [figure]: text };
    setTexts(next);
    const rest = { ...prices };
    delete rest[key];
    const figures = { input: figureOf(next.input), output: figureOf(next.output), cachedInput: figureOf(next.cachedInput) };
    // All three emptied: back to the defaults. A missing input or output stays (as NaN) so Save is refused.
    if (figures.input !== undefined || figures.output !== undefined || figures.cachedInput !== undefined) {
      rest[key] = { input: figures.input ?? Number.NaN, output: figures.output ?? Number.NaN, ...(figures.cachedInput === undefined ? {} : { cachedInput: figures.cachedInput }) };
    }
    onChange(Object.keys(rest).length > 0 ? rest : undefined);
  };
  const known = Object.hasOwn(DEFAULT_MODEL_PRICES, key);
  return (
    <fieldset className="model-prices">
      <legend>Prices of {key === '' ? 'the model' : key} (US dollars)</legend>
      {FIELDS.map(({ figure, label }) => (
        <label key={figure}>
          {label}
          <input
            type="text"
            inputMode="decimal"
            aria-label={label}
            aria-describedby={hintId}
            aria-invalid={entry && figureProblem(entry, figure) ? true : undefined}
            disabled={key === ''}
            autoComplete="off"
            spellCheck={false}
            placeholder={figure === 'cachedInput' ? 'Empty: the input price' : 'e.g. 0.30'}
            value={texts[figure]}
            onChange={(event) => change(figure, event.target.value)}
          />
        </label>
      ))}
      <p className="field-hint" id={hintId}>
        {key === ''
          ? 'Enter the model first: prices are kept per model.'
          : known
            ? `Defaults: ${DEFAULT_PRICES_SOURCE}. Change them for your tier or region; empty all three to go back to the defaults.`
            : `Loopscope knows no price for ${key}: enter its prices to see costs in the Loop inspector.`}{' '}
        Costs are counted from the tokens each response reports; a shared session shows the prices it was shared with.
      </p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
