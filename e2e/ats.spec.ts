// ATS integrations (issue 33): an admin connects Greenhouse (the fake Harvest API started by playwright.config.ts),
// tests the connection and imports its open jobs; a referral for an imported job is consented and reaches the fake's
// candidates with its referrer; Greenhouse's signed hire web hook moves the candidate to Hired in Talent Tracking.
import {
  axeViolations,
  expect,
  inviteCodeOf,
  newPage,
  shoot,
  signUpCompanyAdmin,
  signUpViaApi,
  startEnterpriseTrial,
  test,
} from './fixtures';

const greenhouse = `http://127.0.0.1:${process.env.E2E_GREENHOUSE_PORT}`;
const WEBHOOK_SECRET = 'whsec-e2e-greenhouse-0123456789';

interface FakeCandidate {
  email_addresses: { value: string }[];
  applications: { jobs: { id: number }[]; referrer: { value: string } | null; status: string }[];
}

test.describe('ATS integrations', () => {
  test('an admin connects Greenhouse and imports its jobs; a consented referral goes there and its hire comes back', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const admin = await signUpCompanyAdmin(page);
    await startEnterpriseTrial(page);

    await page.goto('/company-dashboard/integrations');
    await expect(page.getByRole('heading', { name: 'ATS integrations', level: 1 })).toBeVisible();
    await page.getByLabel('Harvest API key').fill('gh_e2e_harvest_key');
    await page.getByLabel('Greenhouse user id for writes (On-Behalf-Of)').fill('4080');
    await page.getByLabel('Referral source id (optional)').fill('12');
    await page.getByLabel('Web hook secret key').fill(WEBHOOK_SECRET);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByText('Greenhouse connected. Test the connection next.').first()).toBeVisible();

    const log = page.getByRole('table');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Connection test' }).getByText('Done')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Import open jobs from Greenhouse' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'Jobs imported' }).getByText('Done')).toBeVisible({
      timeout: 20_000,
    });
    await page.reload();
    const imported = page.getByRole('listitem').filter({ has: page.getByText('Interface Engineer', { exact: true }) });
    await expect(imported.getByText('Imported')).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'integrations');

    // A referrer at the company refers a seeker for the imported job; the seeker confirms from their dashboard.
    const connections = await page.request.get(`/api/companies/${admin.company.id}/ats/connections`);
    const connectionId = ((await connections.json()) as { id: string }[])[0]!.id;
    const links = await page.request.get(
      `/api/companies/${admin.company.id}/ats/connections/${connectionId}/job-links`,
    );
    const job = ((await links.json()) as { jobId: string; atsJobId: string | null }[]).find(
      (l) => l.atsJobId === '87752',
    )!;
    const referrerPage = await newPage(browser, baseURL);
    const seekerPage = await newPage(browser, baseURL);
    const inviteCode = await inviteCodeOf(page.request, admin.company.id);
    const referrer = await signUpViaApi(referrerPage, { name: 'Rae Referrer', role: 'referrer', inviteCode });
    const seeker = await signUpViaApi(seekerPage, { name: 'Sam Seeker', role: 'jobseeker' });
    const created = await referrerPage.request.post('/api/referrals', {
      data: { talentId: seeker.user.id, jobId: job.jobId, notes: 'Sam ran our HL7 cutover.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await seekerPage.goto('/jobseeker-dashboard');
    await seekerPage
      .getByRole('list', { name: 'Your applications and referrals' })
      .getByRole('link', { name: /Interface Engineer/ })
      .click();
    await seekerPage.getByRole('button', { name: 'Confirm' }).click();
    await expect(seekerPage.getByText('Thanks! The company can now see your referral.')).toBeVisible();

    // The candidate reaches Greenhouse on the imported job, with the referrer credited.
    await expect
      .poll(
        async () => {
          const candidates = (await (
            await page.request.get(`${greenhouse}/_test/candidates`)
          ).json()) as FakeCandidate[];
          const mine = candidates.find((c) => c.email_addresses.some((e) => e.value === seeker.user.email));
          return mine?.applications[0] ?? null;
        },
        { timeout: 30_000 },
      )
      .toMatchObject({ jobs: [{ id: 87752 }], referrer: { value: referrer.user.email } });

    // A recruiter hires them in Greenhouse: its signed hire_candidate web hook moves the pipeline to Hired.
    const hire = await page.request.post(`${greenhouse}/_test/hire`, {
      data: {
        email: seeker.user.email,
        secret: WEBHOOK_SECRET,
        startsAt: '2027-01-04',
        webhookUrl: `${baseURL}/api/ats/webhooks/${connectionId}`,
      },
    });
    expect(await hire.json()).toEqual({ status: 200, answer: { received: true, outcome: 'moved' } });
    await page.goto(`/job/${job.jobId}`);
    await page.getByRole('tab', { name: /Talent Tracking/ }).click();
    await expect(page.getByRole('combobox', { name: 'Tracking status of Sam Seeker' })).toHaveText(/Hired/);
  });
});
