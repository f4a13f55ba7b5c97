import {
  test,
  expect,
  axeViolations,
  newPage,
  postJobViaApi,
  shoot,
  signUpCompanyAdmin,
  signUpViaApi,
} from './fixtures';

// Voluntary self-identification (issue 36, ADR 0034) as the people involved meet it: an admin invites applicants, a
// seeker answers after applying (one answer given, the rest declined), and the company reads counts only — a single
// applicant's answers never show, neither on the application nor in the report.
test.describe('self-identification', () => {
  test('an applicant answers after applying; the company sees the application and suppressed counts, never the answers', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const admin = await signUpCompanyAdmin(page);
    const job = await postJobViaApi(page, admin.company.name, { title: `Clinical Analyst ${Date.now().toString(36)}` });

    // The admin invites applicants to the EEO-1 and disability forms.
    await page.goto('/company-dashboard/self-identification');
    await page.getByRole('checkbox', { name: 'Invite applicants to self-identify' }).check();
    await page.getByRole('checkbox', { name: /Voluntary Self-Identification of Disability/ }).check();
    await page.getByRole('checkbox', { name: /EEO-1/ }).first().check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Self-identification settings saved')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The seeker applies; the same dialog then offers the forms in their official words, every answer optional.
    const seekerPage = await newPage(browser, baseURL);
    await signUpViaApi(seekerPage, { name: 'Morgan Applicant', role: 'jobseeker' });
    await seekerPage.goto(`/job/${job.id}`);
    await seekerPage.getByRole('button', { name: 'Apply Now' }).click();
    await seekerPage.getByRole('button', { name: 'Submit Application' }).click();
    await expect(seekerPage.getByText('Application Submitted')).toBeVisible();
    const step = seekerPage.getByRole('dialog', { name: 'Voluntary self-identification' });
    await expect(step).toBeVisible();
    await expect(step).toContainText(`${admin.company.name} invites you to answer the questions below.`);
    await expect(step.getByRole('heading', { name: 'Voluntary Self-Identification of Disability' })).toBeVisible();
    await expect(step).toContainText('Form CC-305, OMB Control Number 1250-0005');
    // Each question starts on "do not wish to answer": skipping a question is the default, not an extra step.
    const sex = step.getByRole('group', { name: 'Sex' });
    await expect(sex.getByRole('radio', { name: 'I do not wish to answer' })).toBeChecked();
    await sex.getByRole('radio', { name: 'Female' }).check();
    await expect(
      step.getByRole('group', { name: 'Please check one of the boxes below:' }).getByRole('radio', {
        name: 'I do not want to answer',
      }),
    ).toBeChecked();
    expect(await axeViolations(seekerPage)).toEqual([]);
    await shoot(seekerPage, 'self-id-step');
    await step.getByRole('button', { name: 'Submit answers' }).click();
    await expect(seekerPage.getByText('Thank you. Your answers are kept confidential.')).toBeVisible();
    await expect(step).toHaveCount(0);
    await expect(seekerPage.getByRole('status', { name: 'Where you stand' })).toContainText('You applied to this job.');

    // The company sees the application, with nothing of the answers on it.
    await page.goto(`/job/${job.id}`);
    await page.getByRole('tab', { name: 'Applications (1)' }).click();
    const applications = page.getByRole('tabpanel');
    await expect(applications).toContainText('Morgan Applicant');
    await expect(applications).not.toContainText('Female');

    // Reading the report needs the compliance permission, admins included; with it, one respondent is a suppressed
    // count (fewer than five), so no cell names what Morgan answered.
    await page.goto('/company-dashboard/self-identification');
    await expect(page.getByText('Only members with the compliance permission can read this report.')).toBeVisible();
    const granted = await page.request.put(`/api/companies/${admin.company.id}/members/${admin.user.id}/compliance`, {
      data: { compliance: true },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
    await page.reload();
    const row = page.locator('section').filter({ has: page.getByRole('heading', { level: 3, name: job.title }) });
    await expect(row).toContainText('Respondents: —');
    await expect(row.getByRole('row', { name: /Female/ })).toContainText('—');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'self-id-report');
  });
});
