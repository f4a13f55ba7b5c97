import type { APIRequestContext } from '@playwright/test';
import { test, expect, postJobViaApi, shoot, signUpCompanyAdmin, signUpViaApi } from './fixtures';

const word = () => Math.random().toString(36).slice(2, 8);

const postJob = (request: APIRequestContext, title: string) =>
  postJobViaApi(request, 'Harbor Health Labs', {
    title,
    location: 'Boston, MA',
    salary: '$110,000 - $130,000 per year',
    description: 'Keep clinical data moving between hospitals.',
    requirements: 'HL7 v2 and FHIR.',
    skills: ['FHIR'],
  });

test.describe('company jobs board', () => {
  test('an admin opens the Jobs board from the dashboard, sees the counts, closes and reopens a job', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signUpCompanyAdmin(page);
    const job = await postJob(page.request, `Interface Analyst ${word()}`);
    const quiet = await postJob(page.request, `Pharmacy Informaticist ${word()}`);

    // Two job seekers apply, each in their own browser.
    for (const name of ['Jordan Seeker', 'Casey Seeker']) {
      const context = await browser.newContext();
      try {
        await signUpViaApi(context.request, { name, role: 'jobseeker' });
        const applied = await context.request.post(`/api/jobs/${job.id}/apply`, { data: { note: 'Ready to start.' } });
        expect(applied.status()).toBe(201);
      } finally {
        await context.close();
      }
    }

    await page.goto('/company-dashboard');
    await page.getByRole('link', { name: /Open positions\s*2/ }).click();
    await expect(page).toHaveURL(/\/jobs-board\?status=open$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs board' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Open (2)', selected: true })).toBeVisible();

    const row = page.getByRole('listitem', { name: job.title });
    await expect(row).toContainText('Open');
    await expect(row).toContainText('2 applicants');
    await expect(row).toContainText('0 referrals');
    await expect(row).toContainText('2 new');
    await expect(page.getByRole('listitem', { name: quiet.title })).toContainText('Nothing new');
    await shoot(page, 'open');

    // Closing asks first; the closed job leaves the Open view and waits under Closed.
    await row.getByRole('button', { name: `Close ${job.title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Close this job?' });
    await expect(confirm).toContainText(job.title);
    await confirm.getByRole('button', { name: 'Close Job' }).click();
    await expect(page.getByText('Job closed', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByRole('tab', { name: 'Closed (1)' }).click();
    await expect(page).toHaveURL(/status=closed/);
    const closedRow = page.getByRole('listitem', { name: job.title });
    await expect(closedRow).toContainText('Closed');
    await shoot(page, 'closed');
    await closedRow.getByRole('button', { name: `Reopen ${job.title}` }).click();
    await expect(page.getByText('Job reopened', { exact: true })).toBeVisible();
    await expect(page.getByText('No jobs match these filters.')).toBeVisible();

    // Search over every status, then open the job: its applicants are no longer new.
    const allTab = page.getByRole('tab', { name: /^All/ });
    await expect(async () => {
      await allTab.click();
      await expect(allTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass();
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('Interface Analyst');
    await expect(page.getByRole('listitem', { name: quiet.title })).toHaveCount(0);
    await page.getByRole('link', { name: job.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByRole('tab', { name: 'Applications (2)' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('listitem', { name: job.title })).toContainText('Nothing new');
    await expect(page.getByRole('listitem', { name: job.title })).toContainText('Open');

    // A hire was made: the job is marked filled.
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('Pharmacy');
    const quietRow = page.getByRole('listitem', { name: quiet.title });
    await quietRow.getByRole('button', { name: `Mark filled ${quiet.title}` }).click();
    await expect(page.getByText('Job filled', { exact: true })).toBeVisible();
    await expect(quietRow).toContainText('Filled');
    await expect(page.getByRole('tab', { name: 'Filled (1)' })).toBeVisible();
  });

  test('Pending approvals opens the company’s pending referrals, and a member finds the Jobs board in the header', async ({
    page,
  }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard');
    await page.getByRole('link', { name: /Pending approvals\s*0/ }).click();
    await expect(page).toHaveURL(/\/referrer-dashboard\/referrals\?scope=company&status=pending$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Company referrals' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Whole company', selected: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs Board' }).click();
    await expect(page).toHaveURL(/\/jobs-board$/);
    await expect(page.getByText('No job postings found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Post your first job' })).toBeVisible();
  });

  test('a referrer edits their own profile from the account menu; job seekers see no contact details', async ({
    page,
    browser,
  }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard');
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('button', { name: 'Account menu' }).click();
    await account.getByRole('link', { name: 'My referrer profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/referrer-profile/${admin.user.id}$`));
    await expect(page.getByText('Only you see your e-mail and phone, colleagues included.')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit referrer profile' });
    await expect(edit.getByLabel('Show my e-mail and phone on my profile')).not.toBeChecked();
    await edit.getByLabel('Job title').fill('Head of Talent');
    await edit.getByLabel('Department').fill('People');
    await edit.getByRole('button', { name: 'Save Profile' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText('Head of Talent')).toBeVisible();

    const seekerContext = await browser.newContext();
    try {
      const seeker = await seekerContext.newPage();
      await signUpViaApi(seeker, { name: 'Jordan Seeker', role: 'jobseeker' });
      await seeker.goto(`/referrer-profile/${admin.user.id}`);
      await expect(seeker.getByRole('heading', { level: 1, name: admin.user.name })).toBeVisible();
      await expect(seeker.getByText('Head of Talent')).toBeVisible();
      await expect(seeker.getByRole('link', { name: admin.email })).toHaveCount(0);
    } finally {
      await seekerContext.close();
    }
  });
});

test.describe('named routes', () => {
  test('the original product’s addresses lead to today’s screens, and an unknown one is a real 404', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signUpCompanyAdmin(page);
    const job = await postJob(page.request, `Nurse Informaticist ${word()}`);
    for (const from of ['/studio-dashboard', '/studio-portal', '/company-portal']) {
      await page.goto(from);
      await expect(page).toHaveURL(/\/company-dashboard$/);
    }
    await page.goto(`/project/${job.id}`);
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    await page.goto(`/edit-project/${job.id}`);
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}/edit$`));

    const seekerContext = await browser.newContext();
    try {
      const seeker = await seekerContext.newPage();
      const candidate = await signUpViaApi(seeker, { name: 'Jordan Seeker', role: 'jobseeker' });
      await page.goto(`/scout/${candidate.user.id}`);
      await expect(page).toHaveURL(new RegExp(`/view-talent-profile/${candidate.user.id}$`));
      await page.goto('/talent/jordan-seeker');
      await expect(page).toHaveURL(/\/view-talent-profile\/jordan-seeker$/);

      await seeker.goto(`/create-kudos?talentId=${candidate.user.id}`);
      await expect(seeker).toHaveURL(/\/jobseeker-dashboard\?talentId=[^#]+#request-kudos$/);
      await expect(seeker.getByLabel('Recommender email')).toBeFocused();
    } finally {
      await seekerContext.close();
    }

    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    expect((await page.goto('/jobs-board'))?.status()).toBe(200);
  });
});
