/**
 * Settings in sections (issue 23): Model, Agent loop, Tools and servers, GitHub, Hooks, Traces, Appearance, Storage, with an index that
 * jumps to each; at 1280×720 Save and Cancel stay in view however long the sections get, and
 * the whole dialog works from the keyboard.
 */
import { expect, openApp, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

test('Settings is in sections with an index; Save stays in view at 1280×720 and everything is reachable by keyboard', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
  for (const name of ['Model', 'Agent loop', 'Tools and servers', 'GitHub', 'Hooks', 'Traces', 'Appearance', 'Storage']) await expect(dialog.getByRole('region', { name })).toHaveCount(1);

  // The longest Model section (OpenAI-compatible): Save and Cancel are still on screen.
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('OpenAI-compatible');
  for (const name of ['Save', 'Cancel']) await expect(dialog.getByRole('button', { name })).toBeInViewport();

  // The index moves the focus to a section; Tab goes on inside it.
  await dialog.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Storage' }).press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Storage' })).toBeFocused();
  await expect(dialog.getByRole('heading', { name: 'Storage' })).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Free space' })).toBeFocused();

  await dialog.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Hooks' }).press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Hooks' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'After each edit run' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Before stopping run' })).toBeFocused();

  await dialog.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Appearance' }).click();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
