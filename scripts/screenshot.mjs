#!/usr/bin/env node
// Takes the README screenshot: serves the build, runs the scripted "web page" lesson (each
// approval allowed), shows the page it built running in the Preview, picks its heading with
// *Pick an element* (an attachment of the next message) and types that message, unsent.
// Usage: node scripts/screenshot.mjs [out.png]
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './find-chromium.mjs';
import { startServer } from './serve.mjs';

const out = process.argv[2] ?? 'docs/screenshot.png';
const { server, url } = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: await findChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await page.goto(`${url}?sandbox=offline`);
  await page.getByRole('button', { name: /web page/i }).first().click();
  for (let step = 0; step < 12; step++) {
    const allow = page.getByRole('button', { name: 'Allow once' }).first();
    const appeared = await allow.waitFor({ timeout: 8000 }).then(() => true, () => false);
    if (!appeared) break;
    // The last approval's button may leave as it is found (its call went on): then there is none to press.
    await allow.click({ timeout: 3000 }).catch(() => undefined);
  }
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden', timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title="Preview"]');
  const heading = frame.locator('h1').first();
  await heading.waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Pick an element' }).click();
  await heading.hover();
  await heading.click();
  await page.getByRole('list', { name: 'Attachments' }).getByRole('listitem').first().waitFor();
  await page.getByRole('textbox', { name: 'Message the agent' }).fill('Make this heading larger and centre it');
  await page.waitForTimeout(800);
  await page.screenshot({ path: out });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
  server.close();
}
