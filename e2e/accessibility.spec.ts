/**
 * Accessibility checked by a real engine: axe-core runs its WCAG 2.1 A and AA rules over the
 * main states of the app (the empty session on the default URL and offline, an approval with
 * its diff, the editor open on a file, each centre tab, Settings, Share, the sessions list), in
 * the Dark and the Light theme, and finds no violation. Each state is let settle first (Monaco,
 * the diff editor and xterm mounted and painted), and every state is checked even when an
 * earlier one fails, so one run lists everything there is to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

type Theme = 'Dark' | 'Light';
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One violation as the CI log shows it: enough to find the element and fix it without rerunning. */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.map((node) => {
    const why = node.failureSummary?.replace(/\n\s*/g, ' ') ?? '';
    return `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 240)}\n      ${why}`;
  });
  return [`  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join('\n');
}

/** Runs axe over the whole page; a failure names the state and lists every violation. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_A_AA).analyze();
  const report = results.violations.map(describeViolation).join('\n');
  expect.soft(report, `axe found ${results.violations.length} violation(s) in: ${state}`).toBe('');
}

async function chooseTheme(page: Page, theme: Theme): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase());
}

const PAGE = '<!doctype html>\n<html lang="en">\n<head><title>Hello</title></head>\n<body>\n<h1>Hello</h1>\n</body>\n</html>\n';
const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });

/** Gemini on the fake server, the chosen theme, and the approval mode; then the message goes. */
async function startWith(page: Page, gemini: FakeGemini, theme: Theme, mode: 'Ask every time' | 'Allow all', message: string): Promise<void> {
  await openApp(page);
  await useGemini(page, gemini);
  await chooseTheme(page, theme);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption(mode);
  await sendMessage(page, message);
}

const editorLines = (page: Page) => page.locator('.editor-body .monaco-editor .view-lines');

for (const theme of ['Dark', 'Light'] as const) {
  test.describe(`${theme} theme`, () => {
    // The OS asks for the other theme, so the chosen one is what shows.
    test.use({ colorScheme: theme === 'Dark' ? 'light' : 'dark' });
    // Each analysis of a page holding Monaco takes seconds on a busy 2-core runner.
    test.describe.configure({ timeout: 90_000 });

    test(`${theme}: the empty session on the default URL, Settings and Share have no WCAG 2.1 A/AA violation`, async ({ page }) => {
      // The default URL: WebContainer is tried first and the app falls back to the offline sandbox.
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('status')).toContainText('Offline sandbox');
      await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
      await chooseTheme(page, theme);
      await expectNoViolations(page, `${theme}: empty session on the default URL`);

      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings.getByRole('combobox', { name: 'Theme' })).toBeVisible();
      await expectNoViolations(page, `${theme}: Settings`);
      await settings.getByRole('combobox', { name: 'Provider' }).selectOption('OpenAI-compatible');
      await expect(settings.getByLabel('OpenAI-compatible API key')).toBeVisible();
      await expectNoViolations(page, `${theme}: Settings for an OpenAI-compatible provider`);
      await settings.getByRole('button', { name: 'Cancel' }).click();
      await expect(settings).toBeHidden();

      await page.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share session' });
      await expect(share.getByRole('textbox', { name: 'Share link' })).not.toHaveValue('');
      await expectNoViolations(page, `${theme}: Share session`);
    });

    test(`${theme}: the offline empty session, the prompt's Commands, the Import menu, Export trace, a new file with the tree's context menu, and the sessions list have no WCAG 2.1 A/AA violation`, async ({ page }) => {
      await openApp(page);
      await chooseTheme(page, theme);
      await expectNoViolations(page, `${theme}: empty session on ?sandbox=offline`);

      const prompt = page.getByRole('textbox', { name: 'Message the agent' });
      await prompt.fill('/');
      await expect(page.getByRole('listbox', { name: 'Commands' }).getByRole('option')).not.toHaveCount(0);
      await expectNoViolations(page, `${theme}: the Commands list of the prompt`);
      await prompt.fill('');

      await page.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByRole('menu', { name: 'Import' }).getByRole('menuitem').first()).toBeFocused();
      await expectNoViolations(page, `${theme}: the Import menu`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'OpenTelemetry trace…' }).click();
      const traceDialog = page.getByRole('dialog', { name: 'Export trace' });
      await expect(traceDialog.getByRole('checkbox', { name: 'Include messages' })).toBeFocused();
      await expectNoViolations(page, `${theme}: the Export trace dialog`);
      await page.keyboard.press('Escape');
      await expect(traceDialog).toBeHidden();
      await page.getByRole('button', { name: 'New file' }).click();
      const newPath = page.getByRole('textbox', { name: 'New file path' });
      await expect(newPath).toBeFocused();
      await expectNoViolations(page, `${theme}: the New file path prompt`);
      await newPath.fill('notes.md');
      await newPath.press('Enter');
      const file = page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'notes.md' });
      await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'notes.md', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('.editor-body .monaco-editor')).toBeVisible();
      await file.focus();
      await page.keyboard.press('Shift+F10');
      await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
      await expectNoViolations(page, `${theme}: a new file open in the editor, and its context menu in the tree`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'New session' }).click();
      await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
      await expectNoViolations(page, `${theme}: sessions list with two sessions`);
    });

    test(`${theme}: approvals of an edit with its diff and of a command, a long tool output and the open editor have no WCAG 2.1 A/AA violation`, async ({ page, gemini }) => {
      gemini.setScript({
        responses: [
          call('write_file', { file_path: 'index.html', content: PAGE }),
          call('edit', { file_path: 'index.html', old_string: '<h1>Hello</h1>', new_string: '<h1>Goodbye</h1>' }),
          call('run_shell_command', { command: 'seq 1 80' }),
          { chunks: [{ text: 'Changed the heading.', finishReason: 'STOP' }] },
        ],
      });
      await startWith(page, gemini, theme, 'Ask every time', 'make a page and change its heading');
      const approval = page.getByRole('region', { name: 'Approval required' });
      await approval.getByRole('button', { name: 'Allow once' }).click();
      await expect(statusOf(page, 'write_file index.html')).toHaveText('success');
      await expect(statusOf(page, 'edit index.html')).toHaveText('awaiting approval');
      // Monaco's diff editor is mounted and has painted both sides (inline: the removed line shows in the modified side).
      const diff = approval.getByTestId('monaco-diff');
      await expect(diff.locator('.editor.original')).toContainText('Hello');
      await expect(diff.locator('.editor.modified')).toContainText('Goodbye');
      await expect(diff.getByRole('textbox', { name: 'Before: index.html', includeHidden: true })).toHaveCount(1);
      await expect(diff.getByRole('textbox', { name: 'After: index.html' })).toHaveCount(1);
      await expectNoViolations(page, `${theme}: approval with a diff`);

      await approval.getByRole('button', { name: 'Allow once' }).click();
      await expect(statusOf(page, 'edit index.html')).toHaveText('success');
      await expect(approval.getByLabel('Command')).toContainText('seq 1 80');
      await expectNoViolations(page, `${theme}: approval of a shell command`);

      await approval.getByRole('button', { name: 'Allow once' }).click();
      // Longer than the card shows: the output scrolls.
      await expect(page.getByLabel('Command output')).toContainText('80');
      await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Changed the heading.');
      await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'index.html', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(editorLines(page)).toContainText('Goodbye');
      await expectNoViolations(page, `${theme}: a long tool output, and the editor open on index.html`);
    });

    test(`${theme}: each centre tab (Editor, Terminal, Preview, Loop inspector), open thoughts and an error alert have no WCAG 2.1 A/AA violation`, async ({ page, gemini }) => {
      gemini.setScript({
        responses: [
          { chunks: [{ thought: '**Planning** A page with a heading.' }, ...call('write_file', { file_path: 'index.html', content: PAGE }).chunks] },
          // A retry, marked as such in the Loop inspector.
          { status: 429, headers: { 'Retry-After': '1' }, body: { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } } },
          { chunks: [{ text: 'Made the page.', finishReason: 'STOP' }] },
          { status: 401, body: { error: { code: 401, message: 'API key not valid. Please pass a valid API key.', status: 'UNAUTHENTICATED' } } },
        ],
      });
      await startWith(page, gemini, theme, 'Allow all', 'make a page');
      await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Made the page.');
      await transcript(page).getByRole('button', { name: 'Thoughts', exact: true }).click();
      await expect(transcript(page).getByText('A page with a heading.')).toBeVisible();
      await expect(editorLines(page)).toContainText('Hello');
      await expectNoViolations(page, `${theme}: Editor, and thoughts open in the transcript`);

      const views = page.getByRole('tablist', { name: 'Views' });
      await views.getByRole('tab', { name: 'Terminal' }).click();
      await expect(page.getByRole('region', { name: 'Terminal' }).locator('.xterm-rows')).toContainText(/\S/);
      await expectNoViolations(page, `${theme}: Terminal`);

      await views.getByRole('tab', { name: 'Preview' }).click();
      await expect(page.getByRole('region', { name: 'Preview' }).frameLocator('iframe').getByRole('heading', { name: 'Hello' })).toBeVisible();
      await expectNoViolations(page, `${theme}: Preview`);

      await views.getByRole('tab', { name: 'Loop inspector' }).click();
      const inspector = page.getByRole('region', { name: 'Loop inspector' });
      await expect(inspector.getByRole('button', { name: 'Export JSON' })).toBeVisible();
      await inspector.locator('.round-trip > button').first().click();
      await expect(inspector.locator('.round-trip-raw').first()).toBeVisible();
      await expectNoViolations(page, `${theme}: Loop inspector with a round-trip open`);

      await sendMessage(page, 'once more');
      await expect(transcript(page).getByRole('alert')).toContainText(/API key/i);
      await expectNoViolations(page, `${theme}: an error alert in the transcript`);
    });
  });
}
