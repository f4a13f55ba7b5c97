import type { Browser } from '@playwright/test';
import {
  test,
  expect,
  newPage,
  shoot,
  inviteCodeOf,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
} from './fixtures';

/** Three people in three browsers: a company admin, a referrer at that company and a job seeker; one open job. */
async function setUp(browser: Browser, baseURL: string | undefined) {
  const adminPage = await newPage(browser, baseURL);
  const referrerPage = await newPage(browser, baseURL);
  const seekerPage = await newPage(browser, baseURL);
  const admin = await signUpCompanyAdmin(adminPage);
  const inviteCode = await inviteCodeOf(adminPage.request, admin.company.id);
  const referrer = await signUpViaApi(referrerPage, { name: 'Rae Referrer', role: 'referrer', inviteCode });
  const job = await postJobViaApi(adminPage, admin.company.name, {
    referralBonusAmount: 2500,
    referralBonusCurrency: 'USD',
  });
  const seeker = await signUpViaApi(seekerPage, { name: 'Sam Seeker', role: 'jobseeker' });
  return { adminPage, referrerPage, seekerPage, admin, referrer, seeker, job };
}

test.describe('one hiring loop', () => {
  test('referred → confirms from the dashboard → applies → admin hires → referral completed, bonus due', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { adminPage, referrerPage, seekerPage, seeker, job } = await setUp(browser, baseURL);
    const created = await referrerPage.request.post('/api/referrals', {
      data: {
        talentId: seeker.user.id,
        jobId: job.id,
        notes: 'For the team: Sam ran our HL7 cutover.',
        candidateNote: 'Sam ran our HL7 cutover.',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The seeker finds the referral on their dashboard, waiting for an answer, and confirms it.
    await seekerPage.goto('/jobseeker-dashboard');
    await expect(seekerPage.getByRole('heading', { name: 'Your applications and referrals' })).toBeVisible();
    const item = seekerPage
      .getByRole('list', { name: 'Your applications and referrals' })
      .getByRole('link', { name: new RegExp(job.title) });
    await expect(item).toContainText('Rae Referrer referred you');
    await expect(item).toContainText('Waiting for your answer');
    await shoot(seekerPage, 'referrals-for-you');
    await item.click();
    await expect(seekerPage.getByRole('heading', { level: 1, name: 'Rae Referrer referred you' })).toBeVisible();
    await expect(seekerPage.getByText('Sam ran our HL7 cutover.')).toBeVisible();
    // The note for the hiring team never reaches the candidate.
    await expect(seekerPage.getByText('For the team:')).toHaveCount(0);
    await expect(seekerPage.getByRole('button', { name: 'Message Candidate' })).toHaveCount(0);
    await expect(seekerPage.getByText('Referral bonus')).toHaveCount(0);
    await expect(seekerPage.getByText('Only company administrators can update the status of referrals.')).toHaveCount(
      0,
    );
    await shoot(seekerPage, 'candidate-referral');
    await seekerPage.getByRole('button', { name: 'Confirm' }).click();
    await expect(seekerPage.getByText('Thanks! The company can now see your referral.')).toBeVisible();

    // The seeker applies.
    const applied = await seekerPage.request.post(`/api/jobs/${job.id}/apply`);
    expect(applied.ok(), await applied.text()).toBe(true);

    // The admin sees "Referred by" on the application and moves the stage to Hired in Talent Tracking.
    await adminPage.goto(`/job/${job.id}`);
    await expect(adminPage.getByText('Referred by Rae Referrer').first()).toBeVisible();
    await adminPage.getByRole('tab', { name: /Talent Tracking/ }).click();
    await adminPage.getByRole('combobox', { name: 'Tracking status of Sam Seeker' }).click();
    await adminPage.getByRole('option', { name: 'Hired' }).click();
    // Hiring asks for the start date, from which the bonus policy makes the bonus payable (optional).
    const hireDialog = adminPage.getByRole('dialog', { name: 'Mark Sam Seeker hired' });
    await hireDialog.getByLabel('Start date (optional)').fill('2026-12-01');
    await hireDialog.getByRole('button', { name: 'Mark hired' }).click();
    await expect(adminPage.getByRole('button', { name: 'Undo' })).toBeVisible();
    await shoot(adminPage, 'tracking-hired');

    // The referrer sees the referral completed and the bonus due on their dashboard.
    await referrerPage.goto('/referrer-dashboard');
    await expect(referrerPage.getByText('Bonuses due')).toBeVisible();
    await expect(referrerPage.getByRole('definition').filter({ hasText: '$2,500' }).first()).toBeVisible();
    await shoot(referrerPage, 'referrer-dashboard');
    await referrerPage.getByRole('link', { name: 'Sam Seeker' }).first().click();
    await expect(referrerPage.getByRole('main').getByText('Completed').first()).toBeVisible();
    // Hired with a start date of 2026-12-01: payable the default 90 days later.
    await expect(
      referrerPage.getByText('The candidate was hired: the bonus is payable from Mar 01, 2027.'),
    ).toBeVisible();

    // The seeker sees the stage on their dashboard.
    await seekerPage.goto('/jobseeker-dashboard');
    await expect(
      seekerPage.getByRole('listitem').filter({ hasText: job.title }).getByText('Hired').first(),
    ).toBeVisible();
  });

  test('an admin undoes a stage change within 10 seconds and nothing is sent', async ({ browser, baseURL }) => {
    const { adminPage, referrerPage, seekerPage, seeker, job } = await setUp(browser, baseURL);
    const created = await referrerPage.request.post('/api/referrals', {
      data: { talentId: seeker.user.id, jobId: job.id },
    });
    const referral = (await created.json()) as { id: string };
    // The company handles a referral once its candidate confirmed it.
    const confirmed = await seekerPage.request.post(`/api/referrals/${referral.id}/consent`, {
      data: { decision: 'confirm' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    await adminPage.goto(`/referrer-dashboard/referrals/${referral.id}`);
    const status = adminPage.getByRole('combobox', { name: 'Referral status' });
    await status.click();
    await adminPage.getByRole('option', { name: 'Rejected' }).click();
    // Rejecting asks why (the referrer is told the category).
    const why = adminPage.getByRole('dialog', { name: 'Not moving forward with Sam Seeker' });
    await why.getByRole('combobox', { name: 'Reason' }).click();
    await adminPage.getByRole('option', { name: 'Position filled' }).click();
    await why.getByRole('button', { name: 'Decline candidate' }).click();
    await adminPage.getByRole('button', { name: 'Undo' }).click();
    await expect(adminPage.getByText('Change undone')).toBeVisible();
    await expect(status).toHaveText('Pending');
    await adminPage.reload();
    await expect(adminPage.getByRole('combobox', { name: 'Referral status' })).toHaveText('Pending');
  });

  test('a referrer opens the profile from a request, then accepts with a note', async ({ browser, baseURL }) => {
    const { adminPage, referrerPage, seekerPage, referrer, job } = await setUp(browser, baseURL);
    const asked = await seekerPage.request.post('/api/referral-requests', {
      data: { jobId: job.id, referrerId: referrer.user.id, message: 'Could you refer me? I know HL7 well.' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await referrerPage.goto('/referral-requests');
    const request = referrerPage.getByRole('listitem').filter({ hasText: 'Sam Seeker' });
    await request.getByRole('link', { name: 'Sam Seeker' }).click();
    await expect(referrerPage).toHaveURL(/\/view-talent-profile\//);
    await referrerPage.goBack();
    await request.getByRole('button', { name: 'Accept' }).click();
    await referrerPage.getByRole('button', { name: 'Accept and refer' }).click();
    await expect(referrerPage.getByText('Please say how you know the candidate')).toBeVisible();
    await referrerPage.getByLabel('Know personally').check();
    await referrerPage.getByLabel('Note for the hiring team (optional)').fill('We studied informatics together.');
    await shoot(referrerPage, 'accept-dialog');
    await referrerPage.getByRole('button', { name: 'Accept and refer' }).click();
    await expect(referrerPage).toHaveURL(/\/referrer-dashboard\/referrals\/[0-9a-f-]{36}$/);
    const referralPath = new URL(referrerPage.url()).pathname;

    // The company sees the referrer's note, how they know the candidate and, apart, the candidate's message.
    await adminPage.goto(referralPath);
    await expect(adminPage.getByText('We studied informatics together.')).toBeVisible();
    await expect(adminPage.getByText('Know personally')).toBeVisible();
    await expect(adminPage.getByText("Candidate's request message")).toBeVisible();
    await expect(adminPage.getByText('Could you refer me? I know HL7 well.')).toBeVisible();
    await shoot(adminPage, 'referral-company');
  });
});
