import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, logInViaUi, postJobViaApi, shoot, signUpCompanyAdmin, signUpViaApi } from './fixtures';

/** The local careers site started next to the app (e2e/fixture-server.mjs). */
const fixtureOrigin = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

/** A word no other test uses, to find one job by text search. */
const uniqueWord = () => `Zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** This spec's open job (clinical data work), posted as whoever `target` is logged in as. */
const postClinicalJob = (target: Page | APIRequestContext, overrides: Record<string, unknown> = {}) =>
  postJobViaApi(target, 'Harbor Health Labs', {
    title: `Clinical Data Engineer ${uniqueWord()}`,
    description: 'Build pipelines that move clinical data safely between hospitals.',
    requirements: '3+ years with Python and SQL.',
    skills: ['Python', 'FHIR'],
    ...overrides,
  });

test.describe('jobs', () => {
  test('a company admin posts a job through the form', async ({ page }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a New Job' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue(admin.company.name);

    // Every required field says what is missing.
    await page.getByLabel('Company', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Post Job' }).click();
    for (const message of [
      'Job title is required',
      'Company name is required',
      'Location is required',
      'Employment type is required',
      'Job description is required',
      'Job requirements are required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/post-job$/);

    // Skill chips: Enter or Add; trimmed; exact duplicates ignored; removable.
    const skills = page.getByLabel('Skills', { exact: true });
    await skills.fill('React');
    await skills.press('Enter');
    await skills.fill('  React ');
    await skills.press('Enter');
    await skills.fill(' FHIR ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await skills.fill('Cobol');
    await skills.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove React' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Remove FHIR' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove Cobol' }).click();
    await expect(page.getByRole('button', { name: 'Remove Cobol' })).toHaveCount(0);
    await expect(skills).toHaveValue('');

    const word = uniqueWord();
    const title = `Senior Frontend Engineer ${word}`;
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Company', { exact: true }).fill(admin.company.name);
    await page.getByLabel('Location').fill('Remote (US)');
    await page.getByRole('combobox', { name: 'Employment Type' }).click();
    await page.getByRole('option', { name: 'Full-time' }).click();
    await page.getByLabel('Job Description').fill('Build the patient portal used by 40 clinics.');
    await page.getByLabel('Responsibilities').fill('Ship features weekly\nMentor two engineers');
    await page.getByLabel('Requirements').fill('5+ years of React and TypeScript.');
    await page.getByLabel('Salary Range').fill('150000');
    await page.getByLabel('Referral Bonus').fill('2000');
    await page.getByLabel('Contact Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Job title is required')).toHaveCount(0);
    await expect(page).toHaveURL(/\/post-job$/);

    await page.getByLabel('Contact Email').fill('jobs@example.com');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Job Posted')).toBeVisible();
    await expect(page.getByText('Your job has been successfully posted')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: admin.company.name })).toHaveAttribute(
      'href',
      `/company/${admin.company.slug}`,
    );
    await expect(page.getByText('Remote (US)')).toBeVisible();
    await expect(page.getByText('Full-time', { exact: true })).toBeVisible();
    await expect(page.getByText('$150,000')).toBeVisible();
    await expect(page.getByText('Referral bonus: $2,000')).toBeVisible();
    await expect(page.getByText('Posted by Casey Admin')).toBeVisible();
    const skillList = page.getByRole('list', { name: 'Skills' });
    await expect(skillList.getByText('React', { exact: true })).toBeVisible();
    await expect(skillList.getByText('FHIR', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Mentor two engineers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'jobs@example.com' })).toHaveAttribute(
      'href',
      'mailto:jobs@example.com',
    );
    await expect(page.getByRole('link', { name: 'Edit Job' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Applications (0)' })).toBeVisible();
    await expect(page.getByText('No applications yet')).toBeVisible();
  });

  test('a job seeker searches a place: a name of several places offers them, the results show their places', async ({
    page,
    request,
  }) => {
    await signUpCompanyAdmin(request);
    const word = uniqueWord();
    await postClinicalJob(request, { title: `Care Analyst ${word} West`, location: 'Portland, OR' });
    await postClinicalJob(request, { title: `Care Analyst ${word} East`, location: 'Portland, ME' });

    await signUpViaApi(page, { name: 'Pat Seeker', role: 'jobseeker' });
    await page.goto(`/search-jobs?q=${word}`);
    await page.getByLabel('Location', { exact: true }).fill('Portland');
    await page.getByLabel('Location', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/[?&]location=Portland(&|$)/);
    await expect(page.getByText('Several places are called "Portland": showing all of them. Pick one:')).toBeVisible();
    await expect(page.getByRole('link', { name: `Care Analyst ${word} West` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Care Analyst ${word} East` })).toBeVisible();
    await expect(page.getByText('Places in these results')).toBeVisible();
    await shoot(page, 'search-jobs-place');

    await page.getByRole('button', { name: 'Portland, ME', exact: true }).click();
    await expect(page).toHaveURL(/[?&]location=Portland%2C(\+|%20)ME/);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Portland, ME');
    await expect(page.getByRole('link', { name: `Care Analyst ${word} West` })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Care Analyst ${word} East` })).toBeVisible();

    // Every word counts, not every word must match: in Portland, ME only the East job, which lacks "West".
    await page.getByLabel('Search jobs').fill(`${word} West`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No job has every word; 1 has some')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Matching some of your words' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Care Analyst ${word} East` })).toBeVisible();
  });

  test('a job seeker finds a job with search and filters and applies', async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(request);
    const word = uniqueWord();
    const job = await postClinicalJob(request, { title: `Integration Engineer ${word}`, location: 'Remote' });
    await postClinicalJob(request, { title: `Integration Engineer ${word} Onsite`, location: 'Boston, MA' });

    await signUpViaApi(page, { name: 'Jordan Seeker', role: 'jobseeker' });
    await page.goto('/search-jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Job' })).toBeVisible();
    await page.getByLabel('Search jobs').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByRole('link', { name: `Integration Engineer ${word} Onsite` })).toBeVisible();

    // The box follows the URL, which updates a moment after the click.
    await page.getByRole('checkbox', { name: 'Remote' }).click();
    await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]workplace=remote/);
    await expect(page.getByRole('link', { name: `Integration Engineer ${word} Onsite` })).toHaveCount(0);
    await expect(page.getByRole('link', { name: job.title, exact: true })).toBeVisible();

    // The filters survive a reload.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    await expect(page.getByLabel('Search jobs')).toHaveValue(word);

    await page.getByRole('link', { name: job.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByRole('link', { name: 'Find A Referrer' })).toHaveAttribute(
      'href',
      `/company/${admin.company.slug}/referrers?jobId=${job.id}`,
    );
    // Apply Now asks first, with an optional note to the hiring team.
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const confirm = page.getByRole('dialog', { name: `Apply for ${job.title}?` });
    await expect(confirm).toContainText(`Your profile will be sent to Casey Admin at ${job.companyName}.`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeEnabled();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await confirm.getByLabel('Note to the hiring team (optional)').fill('I ran the HL7 interfaces at two hospitals.');
    await confirm.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted')).toBeVisible();
    await expect(page.getByText(`Your profile has been sent to Casey Admin at ${job.companyName}.`)).toBeVisible();
    // Where the seeker stands replaces Apply Now once they applied.
    const standing = page.getByRole('status', { name: 'Where you stand' });
    await expect(standing).toContainText('You applied to this job.');
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    await page.reload();
    await expect(standing).toContainText('You applied to this job.');
    await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
    // Back in the results, the job's card says so too.
    await page.goBack();
    await expect(page.getByRole('listitem').filter({ hasText: job.title }).first()).toContainText(
      'You applied to this job.',
    );

    // The admin sees the application.
    await page.request.post('/api/auth/logout');
    await page.goto(`/login?returnTo=/job/${job.id}`);
    await logInViaUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByRole('tab', { name: 'Applications (1)' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Jordan Seeker' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toContainText('@example.com');
    await expect(row).toContainText('Note: I ran the HL7 interfaces at two hospitals.');
  });

  test('a visitor sees a job and Apply Now leads to login; an unknown job is not found', async ({ page, request }) => {
    await signUpCompanyAdmin(request);
    const job = await postClinicalJob(request, {
      applicationUrl: 'https://careers.example.com/123',
      responsibilities: 'Own the HL7 interfaces\nOn-call one week a month',
    });

    await page.goto(`/job/${job.id}`);
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    await expect(page.getByText('Build pipelines that move clinical data safely between hospitals.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Own the HL7 interfaces' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to Apply' })).toBeVisible();
    const external = page.getByRole('link', { name: /Apply on the company website/ });
    await expect(external).toHaveAttribute('href', 'https://careers.example.com/123');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: 'Edit Job' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Applications/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/job/${job.id}?resume=apply`);

    await page.goto('/job/not-a-job-id');
    await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
    await page.goto('/job/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await expect(page).toHaveURL(/\/search-jobs$/);
  });

  test('the import tab validates the URL and reports a failed import', async ({ page }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Please enter a job URL')).toBeVisible();

    await page.getByLabel('Job posting URL').fill('not a url');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Please enter a valid URL (e.g., https://example.com/job)')).toBeVisible();

    await page.getByRole('button', { name: 'Try example URL' }).click();
    await expect(page.getByLabel('Job posting URL')).toHaveValue('https://boards.greenhouse.io/example/jobs/123456');

    // The real server: the Greenhouse API (pointed at the local fixture site here) has no such job, so the
    // failure alert says so and the toast shows.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Greenhouse has no open job at that link. It may have been closed.' }),
    ).toBeVisible();
    await expect(page.getByText('Failed to import job details. Please try entering details manually.')).toBeVisible();
    // The form stays on the import tab with nothing lost.
    await expect(page.getByLabel('Job posting URL')).toHaveValue('https://boards.greenhouse.io/example/jobs/123456');
  });

  test('a company admin imports a job from its URL, reviews the prefilled form and posts it', async ({ page }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await page.getByLabel('Job posting URL').fill(`${fixtureOrigin}/jobs/nurse-informaticist`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Importing...' })).toBeVisible();
    await expect(page.getByText('Job details imported successfully')).toBeVisible();

    // Back on Manual Entry with the posting's fields filled in.
    await expect(page.getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Job Title')).toHaveValue('Nurse Informaticist');
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Fixture Health');
    await expect(page.getByLabel('Location')).toHaveValue('Denver, CO, US');
    await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveText('Full-time');
    await expect(page.getByLabel('Job Description')).toHaveValue(
      'Fixture Health is looking for a nurse informaticist to improve how our clinicians use Epic.',
    );
    await expect(page.getByLabel('Responsibilities')).toHaveValue(
      '- Optimize Epic workflows with nursing leadership\n- Train staff on new documentation tools',
    );
    await expect(page.getByLabel('Requirements')).toHaveValue(
      '- Active RN license\n- 3+ years of clinical informatics with SQL reporting',
    );
    await expect(page.getByLabel('Salary Range')).toHaveValue('$98,000 - $120,000 per year');
    await expect(page.getByLabel(/^Application Deadline/)).toHaveValue('2030-06-30');
    for (const skill of ['Epic', 'RN', 'SQL'])
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(1);

    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Your job has been successfully posted')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Nurse Informaticist' })).toBeVisible();
    await expect(page.getByText('Denver, CO, US')).toBeVisible();
  });

  test('importing a German page without structured data fills what it found and flags what it did not', async ({
    page,
  }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await page.getByLabel('Job posting URL').fill(`${fixtureOrigin}/karriere/pflegeinformatik`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Partial import' })).toBeVisible();

    await expect(page.getByLabel('Job Title')).toHaveValue('Pflegeinformatiker (m/w/d)');
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Fixture Klinikum');
    await expect(page.getByLabel('Location')).toHaveValue('Hamburg');
    await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveText('Full-time');
    // The page names no salary: the import says it is partial and points at the field.
    const attention = page.getByRole('list', { name: 'Fields that need your attention' });
    await expect(attention.getByRole('link', { name: 'Salary Range' })).toBeVisible();
    await expect(attention.getByRole('link', { name: 'Location' })).toHaveCount(0);
    await expect(page.getByLabel('Salary Range')).toHaveAccessibleDescription(/Needs your attention/);
    await shoot(page, 'job-import-partial');
    // Typing a value clears the highlight.
    await page.getByLabel('Salary Range').fill('€60,000 - €70,000 per year');
    await expect(page.getByLabel('Salary Range')).not.toHaveAccessibleDescription(/Needs your attention/);
  });

  test('a company admin finds the open roles on a careers site and uses one', async ({ page }) => {
    test.slow();
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await expect(page.getByRole('heading', { name: 'Import all open roles from your careers site' })).toBeVisible();

    // A site without job postings.
    await page.getByLabel('Careers site URL').fill(`${fixtureOrigin}/blog`);
    await page.getByRole('button', { name: 'Find Jobs' }).click();
    await expect(page.getByText('No open roles were found on that site.')).toBeVisible({ timeout: 20_000 });

    await page.getByLabel('Careers site URL').fill(`${fixtureOrigin}/careers`);
    await page.getByRole('button', { name: 'Find Jobs' }).click();
    await expect(page.getByRole('button', { name: 'Searching...' })).toBeVisible();
    await shoot(page, 'careers-search-running');
    const roles = page.getByRole('list', { name: 'Roles found' });
    // The search runs in the background ('Visited N pages, found M jobs' meanwhile); the page polls it every second.
    await expect(page.getByText('Found 2 open roles.')).toBeVisible({ timeout: 40_000 });
    await expect(roles.getByRole('listitem')).toHaveCount(2);
    await expect(roles.getByText('Fixture Health · Austin, TX, US · Part-time')).toBeVisible();

    await roles.getByRole('button', { name: 'Use this job: Clinical Data Analyst' }).click();
    await expect(page.getByText('Job details imported successfully')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Job Title')).toHaveValue('Clinical Data Analyst');
    await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveText('Contract');
    await expect(page.getByLabel('Requirements')).toHaveValue('- Python and SQL\n- Tableau dashboards');
    for (const skill of ['Python', 'SQL', 'Tableau'])
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(1);

    // The list is still there for the next role.
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await roles.getByRole('button', { name: 'Use this job: Care Coordinator' }).click();
    await expect(page.getByLabel('Job Title')).toHaveValue('Care Coordinator');
    await expect(page.getByRole('combobox', { name: 'Employment Type' })).toHaveText('Part-time');
  });

  test('the poster edits a job and closes it', async ({ page }) => {
    await signUpCompanyAdmin(page);
    const job = await postClinicalJob(page, { referralBonusAmount: 1500, referralBonusCurrency: 'USD' });
    await page.goto(`/job/${job.id}`);
    await page.getByRole('link', { name: 'Edit Job' }).click();
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}/edit$`));
    await expect(page.getByLabel('Job Title')).toHaveValue(job.title);
    await expect(page.getByLabel('Referral Bonus')).toHaveValue('1500');
    await expect(page.getByRole('button', { name: 'Remove FHIR' })).toBeVisible();

    await page.getByLabel('Job Title').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Job title is required')).toBeVisible();
    const title = `${job.title} (Lead)`;
    await page.getByLabel('Job Title').fill(title);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Referral bonus: $1,500')).toBeVisible();

    await page.getByRole('link', { name: 'Edit Job' }).click();
    await page.getByRole('button', { name: 'Close Job' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close Job' }).click();
    await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    await expect(page.getByText('This job is no longer accepting applications.')).toBeVisible();
  });
});
