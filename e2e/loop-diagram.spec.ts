/**
 * The Loop inspector's Diagram (issue 39, part 1): a recorded lesson's Diagram counts what the
 * recording did and rests at its end; its replay, paused and stepped, lights each state the
 * loop reaches (the approval it waits for, the model request and the tool Step through pauses
 * before, the end) while the counts grow round-trip by round-trip. On the default URL and
 * offline. It reads on a projector at 1280×720, by keyboard, and axe finds nothing in either theme.
 */
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, openApp, sendMessage, test, useGemini } from './fixtures';

async function openLessonDiagram(page: Page, query?: string): Promise<{ inspector: Locator; states: Locator; lit: Locator }> {
  await openApp(page, query);
  await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption('Build a small web page');
  await page.getByRole('button', { name: 'Open recording' }).click();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('Lesson: Build a small web page')).toBeVisible();
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await inspector.getByRole('tab', { name: 'Diagram' }).click();
  const states = inspector.getByRole('list', { name: 'Loop states' });
  return { inspector, states, lit: states.locator('[aria-current="step"]') };
}

const item = (states: Locator, name: string) => states.getByRole('listitem').filter({ hasText: new RegExp(`^${name}:`) });

for (const [where, query] of [
  ['default URL', ''],
  ['offline', 'sandbox=offline'],
] as const) {
  test(`${where}: the Diagram counts a recorded lesson, then follows its replay step by step, lighting each state as the counts grow`, async ({ page, pageErrors }) => {
    const { states, lit } = await openLessonDiagram(page, query);
    // The recording: one prompt, three requests, three calls (two writes, one listing), one end.
    await expect(lit).toHaveText('End: 1 time, last by completed');
    await expect(item(states, 'Prompt')).toHaveText('Prompt: 1 time; then Model request 1');
    await expect(item(states, 'Model request')).toHaveText('Model request: 3 times; then Streaming 3');
    await expect(item(states, 'Streaming')).toHaveText('Streaming: 3 times; then Validating 3, End 1');
    await expect(item(states, 'Success')).toHaveText('Success: 3 times; then Model request 3');

    const shared = page.getByRole('region', { name: 'Shared session' });
    await shared.getByRole('button', { name: 'Replay' }).click();
    const controls = page.getByRole('toolbar', { name: 'Replay controls' });
    const approval = page.getByRole('region', { name: 'Approval required' });
    // The first write waits for the person: the replay's counts start again from its first request.
    await expect(approval).toBeVisible();
    await expect(lit).toHaveText(/^Awaiting approval: /);
    await expect(item(states, 'Model request')).toHaveText('Model request: 1 time; then Streaming 1');
    await controls.getByRole('button', { name: 'Pause' }).click();
    await expect(controls.getByRole('status')).toContainText('(paused)');

    const seen: string[] = [];
    const pauseStatus = page.locator('p.paused');
    const finished = shared.getByRole('status').filter({ hasText: 'Replay finished' });
    for (let steps = 0; steps < 30; steps++) {
      await expect(approval.or(pauseStatus.filter({ hasText: 'Paused before' })).or(finished)).toBeVisible();
      if (await finished.isVisible()) break;
      if (await approval.isVisible()) {
        await expect(lit).toHaveText(/^Awaiting approval: /);
        seen.push('Awaiting approval');
        // The call is named by the region's first line ("Allow write_file on index.html?"); the rest (its diff) changes as Monaco loads.
        const asked = (await approval.innerText({ timeout: 2_000 }).catch(() => null))?.split('\n')[0]?.trim() ?? null;
        if (!asked) continue;
        const allowed = await approval
          .getByRole('button', { name: 'Allow once' })
          .click({ timeout: 2_000 })
          .then(() => true, () => false);
        if (allowed) await expect(approval.filter({ hasText: asked })).toHaveCount(0);
        continue;
      }
      const label = await pauseStatus.innerText();
      const model = /the model call: model call (\d+)/.exec(label);
      if (model) {
        // Before model call k: the request is lit, and k − 1 requests are counted.
        const done = Number(model[1]) - 1;
        await expect(lit).toHaveText(/^Model request: /);
        await expect(item(states, 'Model request')).toHaveText(new RegExp(`^Model request: ${done} times?`));
        seen.push(`Model request ${done}`);
      } else {
        await expect(lit).toHaveText(/^Scheduled: /);
        seen.push('Scheduled');
      }
      await controls.getByRole('button', { name: 'Next step' }).click();
      await expect(pauseStatus).not.toHaveText(label);
    }
    await expect(finished).toContainText('round-trip 3 of 3');
    await expect(lit).toHaveText('End: 1 time, last by completed');
    await expect(item(states, 'Model request')).toHaveText('Model request: 3 times; then Streaming 3');
    await expect(item(states, 'Awaiting approval')).toHaveText('Awaiting approval: 2 times; then Scheduled 2');
    expect(seen).toContain('Model request 1');
    expect(seen).toContain('Model request 2');
    expect(seen).toContain('Scheduled');
    expect(seen.indexOf('Model request 1')).toBeLessThan(seen.indexOf('Model request 2'));
    expect(pageErrors).toEqual([]);
  });
}

test('during a live run in Step through, the Diagram lights the model request and the tool it pauses before, the approval it waits for, and the end', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'hello.txt', content: 'Hello\n' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Created hello.txt.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
  const step = page.getByRole('checkbox', { name: 'Step through' });
  await step.click();
  await expect(step).toBeChecked();
  // Chosen before the session made any model call.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await inspector.getByRole('tab', { name: 'Diagram' }).click();
  const states = inspector.getByRole('list', { name: 'Loop states' });
  const lit = states.locator('[aria-current="step"]');
  await expect(states).toBeVisible();
  await expect(lit).toHaveCount(0);

  await sendMessage(page, 'Create hello.txt');
  const nextStep = page.getByRole('button', { name: 'Next step' });
  await expect(page.getByRole('status').filter({ hasText: 'Paused before the model call: model call 1' })).toBeVisible();
  await expect(lit).toHaveText('Model request: 0 times');
  await nextStep.click();
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await expect(lit).toHaveText('Awaiting approval: 1 time');
  await expect(item(states, 'Model request')).toHaveText('Model request: 1 time; then Streaming 1');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused before the tool: write_file hello.txt' })).toBeVisible();
  await expect(lit).toHaveText('Scheduled: 1 time');
  await nextStep.click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused before the model call: model call 2' })).toBeVisible();
  await expect(lit).toHaveText(/^Model request: 1 time/);
  await expect(item(states, 'Success')).toHaveText('Success: 1 time');
  await nextStep.click();
  await expect(lit).toHaveText('End: 1 time, last by completed');
  await expect(item(states, 'Success')).toHaveText('Success: 1 time; then Model request 1');
  await expect(item(states, 'Streaming')).toHaveText('Streaming: 2 times; then Validating 1, End 1');
  expect(pageErrors).toEqual([]);
});

test('at 1280×720 the Diagram and its list fit the inspector in large type, and the list is one Tab stop, moved through with the arrows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const { inspector, states } = await openLessonDiagram(page);
  const drawing = inspector.getByRole('img', { name: /^Loop diagram/ });
  await expect(drawing).toBeVisible();
  const sizes = await drawing.evaluate((svg) => {
    const name = svg.querySelector('[data-node="model_request"] .node-name')!.getBoundingClientRect();
    const count = svg.querySelector('.edge-count')!.getBoundingClientRect();
    return { width: svg.getBoundingClientRect().width, name: name.height, count: count.height };
  });
  const pane = await inspector.evaluate((element) => element.getBoundingClientRect().width);
  expect(sizes.width).toBeLessThanOrEqual(pane);
  // Names and counts no smaller than the page's small type (about 13 px high) on the projector's 720 lines.
  expect(sizes.name).toBeGreaterThanOrEqual(13);
  expect(sizes.count).toBeGreaterThanOrEqual(12);

  await inspector.getByRole('tab', { name: 'Diagram' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(inspector.getByRole('tab', { name: 'Timeline' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(inspector.getByRole('tab', { name: 'Diagram' })).toBeFocused();
  // The list is one Tab stop, its lit item; the arrows, Home and End move within it, and Tab leaves it.
  const items = states.getByRole('listitem');
  const lit = states.locator('[aria-current="step"]');
  for (let presses = 0; presses < 4 && !(await lit.evaluate((element) => element === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(lit).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(items.last()).not.toBeFocused();
  await expect(states.locator('li[tabindex="0"]')).toHaveCount(1);
});

for (const theme of ['Dark', 'Light'] as const) {
  test(`${theme}: the Diagram has no WCAG 2.1 A/AA violation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme === 'Dark' ? 'dark' : 'light' });
    const { lit } = await openLessonDiagram(page);
    await expect(lit).toHaveText(/^End: /);
    const results = await new AxeBuilder({ page }).include('.loop-inspector').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
