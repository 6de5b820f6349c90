/**
 * The Loop inspector's Timeline (issue 26, item 6): a recorded lesson shows one bar per model
 * round-trip and per tool call, in order on one time axis; each bar is reached by Tab and opens
 * its details; axe finds nothing to fix, in both themes.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, openApp, test } from './fixtures';

interface LessonDocument {
  roundTrips: { notes?: { toolCalls?: unknown[] } }[];
}
const lesson = JSON.parse(readFileSync(new URL('../src/share/lessons/web-page.loopscope.json', import.meta.url), 'utf8')) as LessonDocument;
const expectedBars = lesson.roundTrips.length + lesson.roundTrips.reduce((sum, roundTrip) => sum + (roundTrip.notes?.toolCalls?.length ?? 0), 0);

for (const theme of ['Dark', 'Light'] as const) {
  test(`${theme}: a recorded lesson's Timeline has a bar per round-trip and tool call, in order, each reached by keyboard, and no axe violation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme === 'Dark' ? 'dark' : 'light' });
    await openApp(page);
    await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption('Build a small web page');
    await page.getByRole('button', { name: 'Open recording' }).click();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByText('Lesson: Build a small web page')).toBeVisible();
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
    const inspector = page.getByRole('region', { name: 'Loop inspector' });
    await inspector.getByRole('tab', { name: 'Timeline' }).click();

    const bars = inspector.getByRole('list', { name: 'Timeline' }).getByRole('button');
    await expect(bars).toHaveCount(expectedBars);
    expect(expectedBars).toBeGreaterThan(2);
    const lefts = await bars.evaluateAll((elements) => elements.map((element) => parseFloat((element as HTMLElement).style.left)));
    for (let index = 1; index < lefts.length; index++) expect(lefts[index]!).toBeGreaterThanOrEqual(lefts[index - 1]!);
    await expect(bars.first()).toHaveAccessibleName(/^Round-trip 1: /);
    // The run's total never breaks between its figure and its unit (seen: "1.94" on one line, "s" on the next).
    const total = await inspector.locator('.timeline-legend').evaluate((legend) => {
      const texts = [...legend.childNodes].flatMap(function flat(node): Node[] {
        return node.nodeType === Node.TEXT_NODE ? [node] : [...node.childNodes].flatMap(flat);
      });
      const figure = texts.at(-1)!;
      return { text: figure.textContent, whiteSpace: getComputedStyle(figure.parentElement!).whiteSpace };
    });
    expect(total.text).toMatch(/\d (ms|s)$/);
    expect(total.whiteSpace).toBe('nowrap');

    await bars.first().focus();
    for (let index = 1; index < expectedBars; index++) {
      await page.keyboard.press('Tab');
      await expect(bars.nth(index)).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(bars.last()).toHaveAttribute('aria-expanded', 'true');
    await expect(inspector.getByRole('region', { name: /^Details of / })).toBeVisible();

    const results = await new AxeBuilder({ page }).include('.loop-inspector').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
