import { readFile } from 'node:fs/promises';
import { test, expect, newPage, shoot, signUpCompanyAdmin, signUpViaApi } from './fixtures';

test.describe('referral analytics', () => {
  test('an admin opens the analytics, switches the date range and exports the bonuses', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000); // screenshots at two widths on a loaded machine
    const admin = await signUpCompanyAdmin(page);
    const job = await (
      await page.request.post('/api/jobs', {
        data: {
          title: 'Analytics Integration Engineer',
          company: admin.company.name,
          location: 'Remote',
          employmentType: 'full-time',
          description: 'Connect hospital EHRs.',
          requirements: 'HL7 and FHIR.',
          skills: ['FHIR'],
          referralBonusAmount: 1500,
          referralBonusCurrency: 'USD',
        },
      })
    ).json();
    const seekerPage = await newPage(browser, baseURL);
    const seeker = await signUpViaApi(seekerPage, { name: 'Quinn Candidate', role: 'jobseeker' });
    const referred = await page.request.post('/api/referrals', { data: { jobId: job.id, talentId: seeker.user.id } });
    expect(referred.ok(), await referred.text()).toBe(true);
    const hired = await page.request.put(`/api/jobs/${job.id}/tracking/${seeker.user.id}`, {
      data: { status: 'Hired' },
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
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export bonuses' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^referwell-bonuses-.*\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Referrer,Referrer e-mail,Candidate,Job,Amount,Currency,Bonus');
    expect(csv).toContain('Casey Admin,');
    expect(csv).toContain(',Quinn Candidate,Analytics Integration Engineer,1500,USD,Due,');
  });
});
