import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  newPage,
  postJobViaApi,
  shoot,
  signUpCompanyAdmin,
  signUpViaApi,
  startEnterpriseTrial,
} from './fixtures';

/** The candidate confirms being put forward: the company handles a referral only after that. */
async function confirmReferral(seekerPage: Page, referralId: string) {
  const confirmed = await seekerPage.request.post(`/api/referrals/${referralId}/consent`, {
    data: { decision: 'confirm' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

test.describe('referral analytics', () => {
  test('an admin opens the analytics, switches the date range and exports the bonuses through the queue', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000); // screenshots at two widths on a loaded machine
    const admin = await signUpCompanyAdmin(page);
    await startEnterpriseTrial(page);
    const job = await postJobViaApi(page, admin.company.name, {
      title: 'Analytics Integration Engineer',
      location: 'Remote',
      description: 'Connect hospital EHRs.',
      requirements: 'HL7 and FHIR.',
      skills: ['FHIR'],
      referralBonusAmount: 1500,
      referralBonusCurrency: 'USD',
    });
    const seekerPage = await newPage(browser, baseURL);
    const seeker = await signUpViaApi(seekerPage, { name: 'Quinn Candidate', role: 'jobseeker' });
    const referred = await page.request.post('/api/referrals', { data: { jobId: job.id, talentId: seeker.user.id } });
    expect(referred.ok(), await referred.text()).toBe(true);
    await confirmReferral(seekerPage, ((await referred.json()) as { id: string }).id);
    // Started long ago: past the payout delay, so the bonus is due now.
    const hired = await page.request.put(`/api/jobs/${job.id}/tracking/${seeker.user.id}`, {
      data: { status: 'Hired', startDate: '2026-01-05' },
    });
    expect(hired.ok(), await hired.text()).toBe(true);

    await page.goto('/company-dashboard');
    await page.getByRole('link', { name: 'Referral Analytics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Referral Analytics' })).toBeVisible();
    const funnel = page
      .getByRole('heading', { name: 'Referral funnel' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await funnel.getByRole('tab', { name: 'Table' }).click();
    await expect(funnel.getByRole('row', { name: /Referrals 1/ })).toBeVisible();
    await expect(funnel.getByRole('row', { name: /Hired 1/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '$1,500' }).first()).toBeVisible();
    await shoot(page, 'analytics');

    // Switch to the last 30 days, then to a custom range before the hire: the figures follow.
    await page.getByLabel('Period').click();
    await page.getByRole('option', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL(/period=30d/);
    await expect(funnel.getByRole('row', { name: /Referrals 1/ })).toBeVisible();
    await page.getByLabel('Period').click();
    await page.getByRole('option', { name: 'Custom range' }).click();
    await page.getByLabel('From', { exact: true }).fill('2025-01-01');
    await page.getByLabel('To', { exact: true }).fill('2025-01-31');
    await page.getByRole('button', { name: 'Apply range' }).click();
    await expect(page).toHaveURL(/from=2025-01-01/);
    await expect(page.getByText('No referral requests or referrals in this period.')).toBeVisible();
    await shoot(page, 'analytics-empty');

    await page.getByLabel('Period').click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    // The export is prepared in the background: the button waits, then becomes the download link.
    await page.getByRole('button', { name: 'Export bonuses' }).click();
    const ready = page.getByRole('link', { name: 'Download bonuses', exact: true });
    await expect(ready).toBeVisible({ timeout: 30_000 });
    // A toast offers the download, and the in-app notification arrives as well.
    await expect(
      page.getByRole('region', { name: /Notifications alt\+T/ }).getByText('Your Bonuses export is ready to download.'),
    ).toBeVisible();
    await expect(page.getByText('Your Bonuses export is ready to download.')).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Your exports' }).getByRole('listitem').first()).toContainText(
      'Bonuses',
    );
    await shoot(page, 'analytics-export-ready');
    const downloading = page.waitForEvent('download');
    await ready.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^referwell-bonuses-.*\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Referrer,Referrer e-mail,Candidate,Job,Amount,Currency,Bonus');
    expect(csv).toContain('Casey Admin,');
    // Amounts as every screen writes them, so the cell is quoted.
    expect(csv).toContain(',Quinn Candidate,Analytics Integration Engineer,"$1,500",USD,Due,');
  });

  test('an admin selects the due bonuses and marks them paid with a date and reference', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const admin = await signUpCompanyAdmin(page);
    const job = await postJobViaApi(page, admin.company.name, {
      title: 'Payout Interface Analyst',
      location: 'Remote',
      description: 'Interfaces.',
      requirements: 'HL7.',
      skills: [],
      referralBonusAmount: 800,
      referralBonusCurrency: 'USD',
    });
    const seekerPage = await newPage(browser, baseURL);
    for (const name of ['Avery Hire', 'Rowan Hire']) {
      const seeker = await signUpViaApi(seekerPage, { name, role: 'jobseeker' });
      const referred = await page.request.post('/api/referrals', { data: { jobId: job.id, talentId: seeker.user.id } });
      expect(referred.ok(), await referred.text()).toBe(true);
      await confirmReferral(seekerPage, ((await referred.json()) as { id: string }).id);
      // Started long ago: past the payout delay, so the bonus is due now.
      const hired = await page.request.put(`/api/jobs/${job.id}/tracking/${seeker.user.id}`, {
        data: { status: 'Hired', startDate: '2026-01-05' },
      });
      expect(hired.ok(), await hired.text()).toBe(true);
    }

    await page.goto('/company-dashboard/analytics');
    const card = page.getByRole('heading', { name: 'Due bonuses' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
    // The page asks for the analytics and the due bonuses at once: generous on a loaded machine.
    await expect(card.getByRole('row', { name: /Avery Hire/ })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Mark paid' })).toBeDisabled();

    // One by keyboard, then all of them with the header checkbox.
    await card.getByRole('checkbox', { name: /for Avery Hire/ }).focus();
    await page.keyboard.press('Space');
    await expect(card.getByRole('button', { name: 'Mark 1 paid' })).toBeEnabled();
    await card.getByRole('checkbox', { name: 'Select all due bonuses' }).click();
    await shoot(page, 'due-bonuses');
    await card.getByRole('button', { name: 'Mark 2 paid' }).click();

    const dialog = page.getByRole('dialog', { name: /Mark 2 bonuses paid/ });
    await expect(dialog).toContainText('$1,600');
    await dialog.getByLabel('Paid on').fill('2026-11-20');
    await dialog.getByLabel('Payment reference').fill('PAYROLL-NOV');
    await shoot(page, 'due-bonuses-confirm');
    await dialog.getByRole('button', { name: 'Mark 2 paid' }).click();
    await expect(page.getByText('2 bonuses marked paid')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('No bonuses are due now.')).toBeVisible();

    const referrals = await (await page.request.get('/api/referrals?scope=company')).json();
    for (const referral of referrals)
      expect(referral.bonus).toMatchObject({ state: 'paid', paidOn: '2026-11-20', paymentReference: 'PAYROLL-NOV' });
  });
});
