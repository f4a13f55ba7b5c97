/**
 * Takes full-page screenshots of the given paths at 1280 px and 375 px from a running app,
 * for looking at screens as a user would. Usage:
 *   node --import tsx e2e/screenshots.ts http://localhost:3000 / /waitlist /nope
 * PNGs land in e2e/.tmp/screens/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './browser';

const [baseUrl = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const outDir = path.join(import.meta.dirname, '.tmp', 'screens');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width > 800 ? 800 : 740 } });
  for (const target of paths.length ? paths : ['/']) {
    await page.goto(new URL(target, baseUrl).toString(), { waitUntil: 'networkidle' });
    const name = `${target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: path.join(outDir, name), fullPage: true });
    console.log(path.join(outDir, name));
  }
  await page.close();
}
await browser.close();
