import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logInViaUi, test } from '../fixtures';

// Two server processes on one database (setup.ts). Nothing that matters may live in one process only.
const A = process.env.E2E_INSTANCE_A!;
const B = process.env.E2E_INSTANCE_B!;
const DEMO_PASSWORD = 'referwell-demo';
const RESUME = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/features/talent/resume/fixtures/r01-pdf-engineer.pdf',
);

async function logIn(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`);
  await logInViaUi(page, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

test('sign in on A and carry on on B; a résumé uploaded on A downloads from B', async ({ page }) => {
  // Both instances booted at once on an empty database: the demo data was seeded exactly once.
  await logIn(page, A, 'jobseeker@referwell.demo');

  await page.goto(`${B}/talent-profile`);
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();

  await page.goto(`${A}/talent-profile`);
  await page.getByLabel('Resume').setInputFiles(RESUME);
  await expect(page.getByText('Resume Parsed Successfully')).toBeVisible({ timeout: 30_000 });

  const session = await (await page.request.get(`${B}/api/auth/session`)).json();
  const download = await page.request.get(`${B}/api/talent/${session.user.id}/resume`);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(readFileSync(RESUME))).toBe(true);
});

test('a message sent through A reaches a socket held by B', async ({ browser }) => {
  const referrer = await (await browser.newContext()).newPage();
  const seeker = await (await browser.newContext()).newPage();
  await logIn(referrer, B, 'referrer@referwell.demo');
  await logIn(seeker, A, 'jobseeker@referwell.demo');

  // The referrer's tab is on B, its live socket held by B.
  await referrer.goto(`${B}/messages`);
  const referrerId = (await (await referrer.request.get(`${B}/api/auth/session`)).json()).user.id as string;
  const text = `Hello across instances ${Date.now()}`;
  const sent = await seeker.request.post(`${A}/api/conversations`, {
    data: { recipientId: referrerId, message: text },
    headers: { origin: A },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  const list = referrer.getByRole('region', { name: 'Conversation list' });
  await expect(list.getByText(text)).toBeVisible();
});

test('the waitlist limit counts requests to both instances', async ({ request }) => {
  const join = (origin: string, n: number) =>
    request.post(`${origin}/api/waitlist`, {
      data: { name: 'Two Instances', email: `two.${Date.now()}.${n}@example.com`, role: 'jobseeker' },
      headers: { origin },
    });
  const statuses: number[] = [];
  for (let n = 0; n < 12; n++) statuses.push((await join(n % 2 === 0 ? A : B, n)).status());
  // 10 a minute per address, counted in the database: the 11th request is refused whichever instance gets it.
  expect(statuses.slice(0, 10).every((s) => s < 300)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
});
