// The branded careers portal (issue 34): an admin brands it and adds a host name; once the name is proved, a browser
// that reaches the server by that name gets the company's portal, at 1280 and 375 px, by keyboard, axe-clean.
// Two things stand in for the outside world here: the Enterprise plan is written to the database (billing.spec.ts
// goes through the provider's checkout), and so is the DNS proof (the server reads the system's resolvers, which know
// nothing of the test's name; the API tests prove the TXT check with a zone of their own).
import { chromium } from '@playwright/test';
import { PORTAL_MESSAGES } from '@referwell/shared';
import { chromiumLaunchOptions } from './browser';
import { queryDatabase } from './database';
import {
  axeViolations,
  expect,
  postJobViaApi,
  shoot,
  signUpCompanyAdmin,
  test,
  uniqueCompanyName,
  widerThanTheScreen,
} from './fixtures';

const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

test('an admin brands the careers portal, and its proved host name serves it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signUpCompanyAdmin(page, uniqueCompanyName('Acme Health'));
  const name = admin.company.name;
  await queryDatabase(
    `insert into company_subscriptions (company_id, plan, status) values ($1, 'enterprise', 'active')
     on conflict (company_id) do update set plan = 'enterprise', status = 'active'`,
    [admin.company.id],
  );
  // Massachusetts wants the pay range in the posting (issue 36).
  const nurse = await postJobViaApi(page, name, {
    title: 'Nurse Informaticist',
    location: 'Boston, MA',
    salary: '$95,000 - $120,000 per year',
  });
  await postJobViaApi(page, name, { title: 'FHIR Interface Engineer' });

  await page.goto('/company-dashboard/portal');
  await expect(page.getByRole('heading', { level: 1, name: PORTAL_MESSAGES.settingsTitle })).toBeVisible();
  await page.getByLabel(PORTAL_MESSAGES.enabledLabel).check();
  const color = page.getByLabel(PORTAL_MESSAGES.colorLabel);
  await color.fill('#ffcc00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/White text on this colour would be hard to read/)).toBeVisible();
  await color.fill('#1d4ed8');
  await page.getByLabel(PORTAL_MESSAGES.introLabel).fill('We build software nurses like.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(PORTAL_MESSAGES.saved)).toBeVisible();

  // A logo goes up; removing it asks first, then the portal shows the name again.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel(PORTAL_MESSAGES.chooseLogo)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(PORTAL_MESSAGES.logoUploaded)).toBeVisible();
  await page.getByRole('button', { name: PORTAL_MESSAGES.removeLogo }).click();
  const logoConfirm = page.getByRole('alertdialog', { name: PORTAL_MESSAGES.removeLogoTitle });
  await expect(logoConfirm).toContainText(PORTAL_MESSAGES.removeLogoBody);
  await logoConfirm.getByRole('button', { name: PORTAL_MESSAGES.removeLogo }).click();
  await expect(page.getByText(PORTAL_MESSAGES.logoRemoved)).toBeVisible();
  await expect(page.getByText(PORTAL_MESSAGES.noLogo)).toBeVisible();

  const host = `careers-${Date.now().toString(36)}.acme-health.test`;
  await page.getByLabel(PORTAL_MESSAGES.hostLabel).fill(host);
  await page.getByRole('button', { name: PORTAL_MESSAGES.addHost }).click();
  await expect(page.getByText(`_referwell-challenge.${host}`)).toBeVisible();
  await expect(page.getByText(PORTAL_MESSAGES.pending)).toBeVisible();
  // axe reads a toast mid-animation as faint text: once they are gone.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page, { impacts: ALL_IMPACTS })).toEqual([]);
  await shoot(page, 'settings');

  // The TXT record is published (see the header): the name is proved.
  await queryDatabase(`update company_portal_hosts set verified_at = now() where host = $1`, [host]);

  // A browser that resolves the company's name to this server, as its DNS would once the name points at us.
  const port = new URL(baseURL!).port;
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
  try {
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(`http://${host}:${port}/`);
    await expect(visitor.getByRole('heading', { level: 1, name: `Careers at ${name}` })).toBeVisible();
    await expect(visitor.getByText('We build software nurses like.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: PORTAL_MESSAGES.poweredBy })).toBeVisible();
    expect(await axeViolations(visitor, { impacts: ALL_IMPACTS })).toEqual([]);

    // By keyboard: the skip link first, then the search.
    await visitor.keyboard.press('Tab');
    await expect(visitor.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await visitor.getByLabel(PORTAL_MESSAGES.searchLabel).fill('nurse');
    await visitor.keyboard.press('Enter');
    await expect(visitor).toHaveURL(/\?q=nurse$/);
    await expect(visitor.getByRole('link', { name: /FHIR Interface Engineer/ })).toHaveCount(0);
    await visitor.getByRole('link', { name: /Nurse Informaticist/ }).click();

    await expect(visitor).toHaveURL(`http://${host}:${port}/jobs/${nurse.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Nurse Informaticist' })).toBeVisible();
    const posting = JSON.parse(
      (await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as Record<string, unknown>;
    // Canonical addresses name the host without a port (the proxy serves it on 443).
    expect(posting).toMatchObject({ '@type': 'JobPosting', url: `http://${host}/jobs/${nurse.id}` });
    const ask = visitor.getByRole('link', { name: PORTAL_MESSAGES.askReferral });
    await expect(ask).toHaveAttribute('href', `${baseURL}/company/${admin.company.slug}/referrers?jobId=${nurse.id}`);
    expect(await axeViolations(visitor, { impacts: ALL_IMPACTS })).toEqual([]);

    await visitor.setViewportSize({ width: 375, height: 740 });
    await expect(ask).toBeVisible();
    expect(await widerThanTheScreen(visitor)).toEqual([]);
    expect(await axeViolations(visitor, { impacts: ALL_IMPACTS })).toEqual([]);
    await visitor.goto(`http://${host}:${port}/`);
    expect(await widerThanTheScreen(visitor)).toEqual([]);
    expect(await axeViolations(visitor, { impacts: ALL_IMPACTS })).toEqual([]);
    await shoot(visitor, 'portal-on-host');
  } finally {
    await browser.close();
  }

  // Removing the proved host name asks first, saying the portal stops answering there; Cancel keeps it.
  await page.reload();
  const remove = page.getByRole('button', { name: `${PORTAL_MESSAGES.removeHost} ${host}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: PORTAL_MESSAGES.removeHostTitle(host) });
  await expect(confirm).toContainText(PORTAL_MESSAGES.removeVerifiedHost);
  expect(await axeViolations(page, { impacts: ALL_IMPACTS })).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeVisible();
  await remove.click();
  await confirm.getByRole('button', { name: PORTAL_MESSAGES.removeHost }).click();
  await expect(page.getByText(PORTAL_MESSAGES.hostRemoved)).toBeVisible();
  await expect(remove).toHaveCount(0);
});
