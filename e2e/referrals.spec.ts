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

/** The bonus card's paid line ("Paid on Dec 03, 2026."), not the admin form's "Paid on (optional…)" label. */
const PAID_ON = /^Paid on [A-Z][a-z]{2} \d{2}, \d{4}\.$/;
const REQUEST_MESSAGE = 'I have five years of clinical data work and would love to join the platform team.';

/** A company with an admin, a referrer (member) and an open job with a referral bonus; plus a job seeker. */
async function setUp(browser: Browser, baseURL: string | undefined) {
  const adminPage = await newPage(browser, baseURL);
  const referrerPage = await newPage(browser, baseURL);
  const seekerPage = await newPage(browser, baseURL);
  const admin = await signUpCompanyAdmin(adminPage);
  const inviteCode = await inviteCodeOf(adminPage.request, admin.company.id);
  const referrer = await signUpViaApi(referrerPage, { name: 'Rae Referrer', role: 'referrer', inviteCode });
  const profile = await referrerPage.request.put('/api/referrers/me', {
    data: {
      title: 'Staff Data Engineer',
      department: 'Data Platform',
      bio: 'I build the pipelines our clinicians rely on.',
      location: 'Denver, CO',
      skills: ['Python', 'FHIR'],
      startDate: '2021-03-15',
      acceptsRequests: true,
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const job = await postJobViaApi(adminPage, admin.company.name, {
    title: `Clinical Data Engineer ${Date.now().toString(36)}`,
    description: 'Build pipelines that move clinical data safely between hospitals.',
    requirements: '3+ years with Python and SQL.',
    skills: ['Python', 'FHIR', 'SQL'],
    referralBonusAmount: 1500,
    referralBonusCurrency: 'USD',
  });
  const seeker = await signUpViaApi(seekerPage, { name: 'Jordan Seeker', role: 'jobseeker' });
  return { adminPage, referrerPage, seekerPage, admin, referrer, seeker, job };
}

test.describe('referrals', () => {
  test('a job seeker asks for a referral, the referrer accepts and an admin completes it', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { adminPage, referrerPage, seekerPage, admin, job } = await setUp(browser, baseURL);

    // The job seeker finds the referrers for the job.
    await seekerPage.goto(`/company/${admin.company.slug}/referrers?jobId=${job.id}`);
    await expect(
      seekerPage.getByRole('heading', { level: 1, name: `Referrers at ${admin.company.name}` }),
    ).toBeVisible();
    await expect(seekerPage.getByText(`For position: ${job.title}`)).toBeVisible();
    const card = seekerPage
      .getByRole('list', { name: 'Referrers' })
      .getByRole('listitem')
      .filter({ hasText: 'Rae Referrer' });
    await expect(card).toContainText('Staff Data Engineer');
    await expect(card).toContainText('Data Platform');
    await expect(card).toContainText('Mar 15, 2021');
    await expect(card).toContainText('0 referrals');
    await shoot(seekerPage, 'referrers');

    await card.getByRole('link', { name: /View Profile/ }).click();
    await expect(seekerPage.getByRole('heading', { level: 1, name: 'Rae Referrer' })).toBeVisible();
    await expect(seekerPage.getByRole('heading', { name: 'About' })).toBeVisible();
    await expect(seekerPage.getByText('I build the pipelines our clinicians rely on.')).toBeVisible();
    await expect(seekerPage.getByRole('heading', { name: 'Skills & Expertise' })).toBeVisible();
    await expect(seekerPage.getByRole('heading', { name: 'Referral Activity' })).toBeVisible();
    await expect(seekerPage.getByText('Total referrals completed')).toBeVisible();
    await expect(seekerPage.getByRole('button', { name: 'Message' })).toBeVisible();
    await shoot(seekerPage, 'referrer-profile');

    await seekerPage.getByRole('link', { name: 'Request Referral' }).click();
    await expect(seekerPage.getByRole('heading', { level: 1, name: 'Request a Referral' })).toBeVisible();
    await expect(seekerPage.getByRole('link', { name: job.title })).toBeVisible();
    await seekerPage.getByRole('button', { name: 'Send Referral Request' }).click();
    await expect(seekerPage.getByText('Please write a message to the referrer')).toBeVisible();
    await shoot(seekerPage, 'request-referral');
    const requestUrl = seekerPage.url();
    await seekerPage.getByRole('textbox', { name: 'Message' }).fill(REQUEST_MESSAGE);
    await seekerPage.getByRole('button', { name: 'Send Referral Request' }).click();
    await expect(seekerPage.getByText('Your request for a referral has been submitted.')).toBeVisible();
    await expect(seekerPage).toHaveURL(/\/jobseeker-dashboard$/);
    // The job's page now says where the seeker stands instead of offering to apply.
    await seekerPage.goto(`/job/${job.id}`);
    await expect(seekerPage.getByRole('status', { name: 'Where you stand' })).toContainText(
      'Your request to Rae Referrer is pending.',
    );

    // A second open request to the same referrer for the same job is refused with the server's reason.
    await seekerPage.goto(requestUrl);
    await seekerPage.getByRole('textbox', { name: 'Message' }).fill('Just checking in again.');
    await seekerPage.getByRole('button', { name: 'Send Referral Request' }).click();
    await expect(
      seekerPage.getByText('You already have an open referral request with this referrer for this job.'),
    ).toBeVisible();

    // The referrer accepts, which creates the referral; as a member they only read its status.
    await referrerPage.goto('/referral-requests');
    const request = referrerPage
      .getByRole('list', { name: 'Referral requests' })
      .getByRole('listitem')
      .filter({ hasText: 'Jordan Seeker' });
    await expect(request).toContainText(REQUEST_MESSAGE);
    await expect(request).toContainText('Pending');
    await shoot(referrerPage, 'referral-requests');
    await request.getByRole('button', { name: 'Accept' }).click();
    await referrerPage.getByLabel('Worked together').check();
    await referrerPage.getByRole('button', { name: 'Accept and refer' }).click();
    await expect(referrerPage).toHaveURL(/\/referrer-dashboard\/referrals\/[0-9a-f-]{36}$/);
    const referralPath = new URL(referrerPage.url()).pathname;
    await expect(referrerPage.getByRole('heading', { level: 1, name: 'Referral: Jordan Seeker' })).toBeVisible();
    await expect(
      referrerPage.getByText('Only company administrators can update the status of referrals.'),
    ).toBeVisible();
    await expect(referrerPage.getByRole('combobox', { name: 'Referral status' })).toHaveCount(0);
    await expect(referrerPage.getByRole('button', { name: 'Message Candidate' })).toBeVisible();
    await expect(referrerPage.getByRole('link', { name: 'View Full Profile' })).toBeVisible();

    // The job seeker sees the accepted request.
    await seekerPage.goto('/referral-requests');
    await expect(
      seekerPage
        .getByRole('list', { name: 'Referral requests' })
        .getByRole('listitem')
        .filter({ hasText: 'To Rae Referrer' }),
    ).toContainText('Accepted');

    // The admin completes the referral; its bonus becomes due, and is then paid.
    await adminPage.goto(referralPath);
    const status = adminPage.getByRole('combobox', { name: 'Referral status' });
    await expect(status).toHaveText('Pending');
    await status.click();
    await adminPage.getByRole('option', { name: 'Completed' }).click();
    await expect(adminPage.getByText('Referral status updated to completed')).toBeVisible();
    await expect(status).toHaveText('Completed');
    const history = adminPage.getByRole('list', { name: 'Stage history' });
    await expect(history).toContainText('Casey Admin');
    // Completed without a start date, the bonus counts from the hire day; the admin gives the real, earlier one.
    await expect(adminPage.getByText(/payable from .* \(from the hire date; start date unknown\)/)).toBeVisible();
    await adminPage.getByRole('button', { name: 'Set start date' }).click();
    const startDate = adminPage.getByRole('dialog', { name: 'Jordan Seeker’s start date' });
    await startDate.getByLabel('Start date').fill('2026-01-05');
    await startDate.getByRole('button', { name: 'Save' }).click();
    await expect(adminPage.getByText('Start date saved.')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Mark bonus paid' }).click();
    await expect(adminPage.getByText(PAID_ON)).toBeVisible();
    await shoot(adminPage, 'referral-detail-admin');

    // The referrer sees the new status, the bonus and the notification.
    await referrerPage.reload();
    await expect(referrerPage.getByText('Current status:')).toBeVisible();
    await expect(referrerPage.getByText('$1,500', { exact: true })).toBeVisible();
    await expect(referrerPage.getByText(PAID_ON)).toBeVisible();
    await shoot(referrerPage, 'referral-detail-member');
    // The notification goes out once the 10 s undo window has passed.
    await expect
      .poll(async () => (await referrerPage.request.get('/api/notifications')).text(), { timeout: 20_000 })
      .toContain('The status for Jordan Seeker has been updated to completed');

    await referrerPage.goto('/referrer-dashboard/referrals');
    const row = referrerPage.getByRole('link', { name: /Jordan Seeker/ });
    await expect(row).toContainText('Completed');
    await referrerPage.getByRole('combobox', { name: 'Status' }).click();
    await referrerPage.getByRole('option', { name: 'Rejected' }).click();
    await expect(referrerPage.getByText('No referrals yet')).toBeVisible();
    await expect(referrerPage).toHaveURL(/status=rejected/);
    await referrerPage.getByRole('button', { name: 'Show all statuses' }).click();
    await expect(row).toBeVisible();
    await shoot(referrerPage, 'referrals-list');
  });

  test('a referrer declines with a reason the job seeker sees', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const { referrerPage, seekerPage, referrer, job } = await setUp(browser, baseURL);
    const sent = await seekerPage.request.post('/api/referral-requests', {
      data: { jobId: job.id, referrerId: referrer.user.id, message: REQUEST_MESSAGE },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    await referrerPage.goto('/referral-requests');
    await referrerPage
      .getByRole('list', { name: 'Referral requests' })
      .getByRole('listitem')
      .filter({ hasText: 'Jordan Seeker' })
      .getByRole('button', { name: 'Decline' })
      .click();
    const dialog = referrerPage.getByRole('dialog', { name: 'Decline referral request' });
    await dialog.getByLabel('Reason (optional)').fill('We are not hiring remote engineers this quarter.');
    await dialog.getByRole('button', { name: 'Decline Request' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      referrerPage
        .getByRole('list', { name: 'Referral requests' })
        .getByRole('listitem')
        .filter({ hasText: 'Jordan Seeker' }),
    ).toContainText('Rejected');

    await seekerPage.goto('/referral-requests');
    const mine = seekerPage
      .getByRole('list', { name: 'Referral requests' })
      .getByRole('listitem')
      .filter({ hasText: 'To Rae Referrer' });
    await expect(mine).toContainText('Rejected');
    await expect(mine).toContainText('We are not hiring remote engineers this quarter.');
    await shoot(seekerPage, 'sent-requests');

    // The referrer edits what job seekers see of them.
    await referrerPage.goto(`/referrer-profile/${referrer.user.id}`);
    await referrerPage.getByRole('button', { name: 'Edit Profile' }).click();
    const edit = referrerPage.getByRole('dialog', { name: 'Edit referrer profile' });
    await expect(edit.getByLabel('Job title')).toHaveValue('Staff Data Engineer');
    await edit.getByLabel('Job title').fill('Principal Data Engineer');
    await edit.getByLabel('Start date at the company').fill('2020-02-03');
    await shoot(referrerPage, 'edit-referrer-profile');
    await edit.getByRole('button', { name: 'Save Profile' }).click();
    await expect(edit).toHaveCount(0);
    await expect(referrerPage.getByText('Principal Data Engineer')).toBeVisible();
    await expect(referrerPage.getByText(/since Feb 03, 2020/)).toBeVisible();
  });

  test('missing data and unknown ids show their messages', async ({ page }) => {
    await signUpViaApi(page, { name: 'Jordan Seeker', role: 'jobseeker' });
    await page.goto('/request-referral?jobId=abc');
    await expect(page.getByText('Missing required information to process your referral request.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.goto('/referrer-dashboard/referrals/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Referral not found' })).toBeVisible();
    await page.goto('/referrer-profile/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Referrer profile not found.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });

  test("the job's team tracks applicants and comments on the job", async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const { adminPage, seekerPage, referrerPage, job } = await setUp(browser, baseURL);
    const profile = await seekerPage.request.put('/api/talent/profile', {
      data: { name: 'Jordan Seeker', location: 'Austin, TX', skills: ['Python', 'SQL'], yearsOfExperience: 6 },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const applied = await seekerPage.request.post(`/api/jobs/${job.id}/apply`);
    expect(applied.ok(), await applied.text()).toBe(true);

    await adminPage.goto(`/job/${job.id}`);
    await expect(adminPage.getByRole('tab', { name: 'Applications (1)' })).toHaveAttribute('aria-selected', 'true');
    await expect(adminPage.getByRole('tab', { name: 'Talent Tracking (0)' })).toBeVisible();
    const applications = adminPage.getByRole('table', { name: 'Applications' });
    for (const column of ['Action', 'Name', 'Title', 'Location', 'Experience', 'Rating', 'Match Score']) {
      await expect(applications.getByRole('columnheader', { name: column })).toBeVisible();
    }
    const row = applications.getByRole('row').filter({ hasText: 'Jordan Seeker' });
    await expect(row).toContainText('Austin, TX');
    await expect(row).toContainText('6 years');
    await expect(row).toContainText('67%');
    await row.getByRole('combobox', { name: 'Action for Jordan Seeker' }).click();
    await adminPage.getByRole('option', { name: 'Contact' }).click();
    await expect(adminPage.getByText('Added to Progress')).toBeVisible();
    await expect(adminPage.getByRole('tab', { name: 'Talent Tracking (1)' })).toBeVisible();

    await adminPage.getByRole('tab', { name: 'Talent Tracking (1)' }).click();
    const status = adminPage.getByRole('combobox', { name: 'Tracking status of Jordan Seeker' }).first();
    await expect(status).toHaveText('Contacted');
    await status.click();
    await adminPage.getByRole('option', { name: 'Interviewed' }).click();
    await expect(status).toHaveText('Interviewed');
    await adminPage.getByRole('button', { name: 'Cards' }).first().click();

    await adminPage.getByRole('tab', { name: 'Top Talent' }).click();
    await expect(adminPage.getByText('Top Match').first()).toBeVisible();

    await adminPage.getByLabel('Add a comment').fill('Strong SQL background; schedule a panel.');
    await adminPage.getByRole('button', { name: 'Add Comment' }).click();
    const comments = adminPage.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Strong SQL background; schedule a panel.');
    await expect(comments).toContainText('Casey Admin');
    await shoot(adminPage, 'job-tracking');

    // Persisted: after a reload the candidate is still in progress; a member who did not post the job cannot see it.
    await adminPage.reload();
    await expect(adminPage.getByRole('tab', { name: 'Talent Tracking (1)' })).toBeVisible();
    const forbidden = await referrerPage.request.get(`/api/jobs/${job.id}/tracking`);
    expect(forbidden.status()).toBe(403);
  });

  test('a referrer refers a candidate from Find Candidates; the candidate confirms; the member sees a read-only status', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { adminPage, referrerPage, seekerPage, job } = await setUp(browser, baseURL);
    const tag = `Rf${Date.now().toString(36)}`;
    const saved = await seekerPage.request.put('/api/talent/profile', {
      data: { name: `Jordan ${tag}`, titles: ['Clinical Data Engineer'], skills: ['Python', 'FHIR'] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    await referrerPage.goto('/search-candidates');
    await referrerPage.getByLabel('Search candidates').fill(tag);
    await referrerPage.getByRole('button', { name: 'Search' }).click();
    const results = referrerPage.getByRole('region', { name: 'Available Talent' });
    const card = results.getByRole('listitem').filter({ hasText: `Jordan ${tag}` });
    await card.getByRole('button', { name: 'Refer' }).click();
    await expect(referrerPage.getByText('Starting Referral')).toBeVisible();
    const dialog = referrerPage.getByRole('dialog', { name: `Refer Jordan ${tag}` });
    const submit = dialog.getByRole('button', { name: 'Submit Referral' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Job Position').click();
    await referrerPage.getByRole('option', { name: job.title }).click();
    await dialog.getByLabel('Note for the hiring team (optional)').fill('Worked with them on our FHIR gateway.');
    await shoot(referrerPage, 'referral-dialog');
    await submit.click();
    await expect(referrerPage.getByText('Referral Created')).toBeVisible();
    await expect(referrerPage.getByText(`You've successfully referred Jordan ${tag} for ${job.title}.`)).toBeVisible();
    await expect(referrerPage).toHaveURL(/\/referrer-dashboard\/referrals\/[0-9a-f-]{36}$/);
    const referralUrl = new URL(referrerPage.url()).pathname;

    // A member (the referrer) sees the status read-only; the server refuses a change from them too.
    await expect(
      referrerPage.getByText('Only company administrators can update the status of referrals.'),
    ).toBeVisible();
    const referralId = referralUrl.split('/').at(-1)!;
    const refused = await referrerPage.request.patch(`/api/referrals/${referralId}/status`, {
      data: { status: 'accepted' },
    });
    expect(refused.status()).toBe(403);

    // The same candidate cannot be referred twice for the job.
    await referrerPage.goto('/search-candidates');
    await referrerPage.getByLabel('Search candidates').fill(tag);
    await referrerPage.getByRole('button', { name: 'Search' }).click();
    await card.getByRole('button', { name: 'Refer' }).click();
    await dialog.getByLabel('Job Position').click();
    await referrerPage.getByRole('option', { name: job.title }).click();
    await dialog.getByRole('button', { name: 'Submit Referral' }).click();
    // The dialog's credit check says so before submitting, and the refusal says it again.
    const alreadyReferred = 'This candidate has already been referred for this job.';
    await expect(dialog.getByText(alreadyReferred)).toBeVisible();
    await expect(referrerPage.getByRole('region', { name: /Notifications/ }).getByText(alreadyReferred)).toBeVisible();

    // The candidate confirms being put forward from the referral page.
    await seekerPage.goto(referralUrl);
    await seekerPage.getByRole('button', { name: /Confirm/ }).click();
    await expect(seekerPage.getByText('Thanks! The company can now see your referral.')).toBeVisible();
    await expect(seekerPage.getByText(/You confirmed this referral/)).toBeVisible();

    // The admin can change the status.
    await adminPage.goto(referralUrl);
    await expect(adminPage.getByText('Only company administrators can update the status of referrals.')).toBeHidden();
  });
});
