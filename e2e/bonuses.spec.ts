import {
  axeViolations,
  expect,
  inviteCodeOf,
  newPage,
  postJobViaApi,
  shoot,
  signUpCompanyAdmin,
  signUpViaApi,
  test,
  widerThanTheScreen,
} from './fixtures';
import { PAYEE_MESSAGES } from '@referwell/shared';

/**
 * The money journey (issue 35): the admin's home shows the programme's figures, the admin pays a due bonus on the
 * analytics page (confirming first), records the referrer's W-9 with its TIN shown back only as its last four digits,
 * and the referrer sees the bonus paid on their own dashboard. Each page is checked with axe.
 */
test('an admin sees a bonus due, pays it, records the payee, and the referrer sees it paid', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signUpCompanyAdmin(page);
  const referrerPage = await newPage(browser, baseURL);
  await signUpViaApi(referrerPage, {
    name: 'Robin Referrer',
    role: 'referrer',
    companyType: 'join',
    inviteCode: await inviteCodeOf(page.request, admin.company.id),
  });
  const job = await postJobViaApi(page, admin.company.name, {
    title: 'Bonus Interface Engineer',
    location: 'Remote',
    description: 'HL7 interfaces.',
    requirements: 'HL7.',
    skills: [],
    referralBonusAmount: 1200,
    referralBonusCurrency: 'USD',
  });
  const seekerPage = await newPage(browser, baseURL);
  const seeker = await signUpViaApi(seekerPage, { name: 'Casey Hire', role: 'jobseeker' });
  const referred = await referrerPage.request.post('/api/referrals', {
    data: { jobId: job.id, talentId: seeker.user.id },
  });
  expect(referred.ok(), await referred.text()).toBe(true);
  const referralId = ((await referred.json()) as { id: string }).id;
  const confirmed = await seekerPage.request.post(`/api/referrals/${referralId}/consent`, {
    data: { decision: 'confirm' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  // Started 100 days ago: the default payout delay (90 days after the start date) has passed, so the bonus is due.
  const startDate = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
  const hired = await page.request.put(`/api/jobs/${job.id}/tracking/${seeker.user.id}`, {
    data: { status: 'Hired', startDate },
  });
  expect(hired.ok(), await hired.text()).toBe(true);

  // The admin's home: the company's programme in money, not personal referrer tiles.
  await page.goto('/referrer-dashboard');
  const programme = page.locator('[data-slot="card"]', {
    has: page.getByRole('heading', { name: 'Referral programme' }),
  });
  await expect(programme.locator('div', { hasText: 'Due now' }).last()).toContainText('$1,200', { timeout: 30_000 });
  await expect(programme.locator('div', { hasText: 'Paid (90 days)' }).last()).toContainText('$0');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'admin-home');

  // Analytics: the due bonus, paid after the confirmation dialog.
  await programme.getByRole('link', { name: 'Open analytics' }).click();
  const due = page.getByRole('table', { name: 'Due bonuses' });
  await expect(due.getByRole('row', { name: /Casey Hire/ })).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await due.getByRole('checkbox', { name: /for Casey Hire/ }).check();
  await page.getByRole('button', { name: 'Mark 1 paid' }).click();
  const dialog = page.getByRole('dialog', { name: /Mark 1 bonus/ });
  await expect(dialog).toContainText('$1,200');
  await dialog.getByLabel('Payment reference').fill('PAYROLL-DEC');
  await shoot(page, 'mark-paid-confirm');
  await dialog.getByRole('button', { name: 'Mark 1 paid' }).click();
  await expect(page.getByText('1 bonus marked paid')).toBeVisible();
  await expect(page.getByText('No bonuses are due now.')).toBeVisible();

  // The payee: the referrer's W-9; the TIN never comes back, only its last four digits.
  const payees = page.getByRole('table', { name: 'Payees' });
  await payees.getByRole('button', { name: 'Edit how Robin Referrer is paid' }).click();
  const payee = page.getByRole('dialog', { name: 'How Robin Referrer is paid' });
  await payee.getByLabel('Paid as').selectOption('external');
  await payee.getByLabel('Name on the W-9').fill('Robin Referrer');
  await payee.getByLabel('TIN type').selectOption('ein');
  await payee.getByLabel('TIN', { exact: true }).fill('12-345');
  await payee.getByRole('button', { name: 'Save' }).click();
  // A TIN of the wrong shape is refused in the form, with the shape asked for.
  await expect(payee.getByText(PAYEE_MESSAGES.tinShape)).toBeVisible();
  await payee.getByLabel('TIN', { exact: true }).fill('12-3456789');
  await payee.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved how Robin Referrer is paid')).toBeVisible();
  const row = payees.getByRole('row', { name: /Robin Referrer/ });
  await expect(row).toContainText('**-***6789');
  await expect(row).toContainText('$1,200');
  await expect(page.locator('body')).not.toContainText('3456789');
  await payees.getByRole('button', { name: 'Edit how Robin Referrer is paid' }).click();
  await expect(payee.getByLabel('TIN', { exact: true })).toHaveValue('');
  await expect(payee).toContainText('On file: **-***6789');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'payee-w9');
  await page.keyboard.press('Escape');
  await shoot(page, 'analytics-paid');

  // On a 375 px screen the page, with its payee and paid bonus, fits: nothing scrolls sideways but the tables.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(payees.getByRole('row', { name: /Robin Referrer/ })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(500);
  expect(await widerThanTheScreen(page)).toEqual([]);
  // The W-9 column is hidden on a phone; the masked TIN sits under "Paid as" instead.
  await expect(
    payees
      .getByRole('row', { name: /Robin Referrer/ })
      .getByText(/\*\*-\*\*\*6789/)
      .filter({ visible: true }),
  ).toBeVisible();
  await payees.scrollIntoViewIfNeeded();
  await shoot(page, 'payees-phone');

  // The referrer's own dashboard: the bonus is paid.
  await referrerPage.goto('/referrer-dashboard');
  const totals = referrerPage.getByRole('region', { name: 'Your referrals' });
  await expect(totals.locator('div', { hasText: 'Bonuses paid' }).last()).toContainText('$1,200');
  await expect(totals.locator('div', { hasText: 'Bonuses due' }).last()).toContainText('$0');
  expect(await axeViolations(referrerPage)).toEqual([]);
  await shoot(referrerPage, 'referrer-paid');
});
