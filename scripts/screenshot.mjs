#!/usr/bin/env node
// Takes the README screenshot: serves the build, runs the scripted "web page" lesson with
// approvals, and captures the page. Usage: node scripts/screenshot.mjs [out.png]
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
  for (let step = 0; step < 6; step++) {
    const allow = page.getByRole('button', { name: 'Allow once' });
    const appeared = await allow.waitFor({ timeout: 8000 }).then(() => true, () => false);
    if (!appeared) break;
    if (step === 1) break; // leave the second approval (with its diff) on screen
    await allow.click();
  }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(`Saved ${out}`);
} finally {
  await browser.close();
  server.close();
}
