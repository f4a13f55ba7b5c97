import path from 'node:path';
import {
  test,
  expect,
  newPage,
  shoot,
  inviteCodeOf,
  linkInMailTo,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
  uniqueEmail,
} from './fixtures';

const RESUME = path.join(
  import.meta.dirname,
  '../apps/server/src/features/talent/resume/fixtures/r01-pdf-engineer.pdf',
);

test('a referrer refers a friend by e-mail with a résumé; the friend confirms from the mail; hired; the bonus is due', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminPage = await newPage(browser, baseURL);
  const referrerPage = await newPage(browser, baseURL);
  const friendPage = await newPage(browser, baseURL);
  const admin = await signUpCompanyAdmin(adminPage);
  const inviteCode = await inviteCodeOf(adminPage.request, admin.company.id);
  await signUpViaApi(referrerPage, { name: 'Priya Shah', role: 'referrer', inviteCode });
  const job = await postJobViaApi(adminPage, admin.company.name, {
    referralBonusAmount: 3000,
    referralBonusCurrency: 'USD',
  });
  const friend = uniqueEmail('dana');
  const unique = Date.now().toString(36);

  // The referrer refers Dana, who is not on Referwell: the résumé is read, the details are hers.
  await referrerPage.goto('/referrer-dashboard/referrals');
  await referrerPage.getByRole('button', { name: 'Refer someone' }).click();
  const dialog = referrerPage.getByRole('dialog', { name: 'Refer someone' });
  await dialog.getByRole('combobox', { name: 'Job Position' }).click();
  await referrerPage.getByRole('option', { name: job.title }).click();
  await dialog.getByLabel('Résumé (optional)').setInputFiles(RESUME);
  await expect(referrerPage.getByText('Resume Parsed Successfully')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('r01-pdf-engineer.pdf')).toBeVisible();
  await dialog.getByLabel('Name').fill('Dana Reyes');
  await dialog.getByLabel('E-mail').fill(friend);
  await dialog.getByLabel('Phone (optional)').fill(`+1 617 555 ${String(Date.now() % 10000).padStart(4, '0')}`);
  await dialog.getByLabel('LinkedIn profile (optional)').fill(`linkedin.com/in/dana-reyes-${unique}`);
  // The rule answers before submit.
  await expect(dialog.getByText('Will this referral count? Yes ($3,000 bonus)')).toBeVisible();
  await dialog.getByLabel('Worked together').check();
  await dialog.getByLabel('Worked with them directly').check();
  await dialog.getByLabel('Note for the hiring team (optional)').fill('Dana rebuilt our HL7 interfaces.');
  await dialog.getByLabel('Note the candidate will see (optional)').fill('You would love this team, Dana.');
  await shoot(referrerPage, 'refer-someone');
  await dialog.getByRole('button', { name: 'Submit Referral' }).click();
  await expect(referrerPage).toHaveURL(/\/referrer-dashboard\/referrals\/[0-9a-f-]{36}$/);
  const referralPath = new URL(referrerPage.url()).pathname;
  await expect(referrerPage.getByText('Waiting for the candidate').first()).toBeVisible();

  // Dana opens the link mailed to her: the note meant for her, never the team's; she confirms and keeps a profile.
  await friendPage.goto(await linkInMailTo(friend, '/referral-invitation/'));
  await expect(friendPage.getByRole('heading', { level: 1, name: 'Hi Dana Reyes, you were referred' })).toBeVisible();
  await expect(friendPage.getByText('You would love this team, Dana.')).toBeVisible();
  await expect(friendPage.getByText('Dana rebuilt our HL7 interfaces.')).toHaveCount(0);
  await shoot(friendPage, 'invitation');
  await friendPage.getByRole('button', { name: 'Confirm referral' }).click();
  await expect(friendPage.getByText('Confirmed: your referral is with the hiring team.').first()).toBeVisible();
  await friendPage.getByLabel('Password', { exact: true }).fill('dana chooses a long passphrase');
  await friendPage.getByRole('button', { name: 'Set password' }).click();
  await expect(friendPage).toHaveURL(/\/jobseeker-dashboard$/);
  // The job page tells her where she stands instead of offering Apply Now.
  await friendPage.goto(`/job/${job.id}`);
  await expect(friendPage.getByText('Priya Shah referred you. No need to apply.')).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);

  // The admin hires her from the referral.
  await adminPage.goto(referralPath);
  const status = adminPage.getByRole('combobox', { name: 'Referral status' });
  await status.click();
  await adminPage.getByRole('option', { name: 'Completed' }).click();
  await expect(status).toHaveText('Completed');

  // The referrer sees the bonus due.
  await referrerPage.goto('/referrer-dashboard');
  await expect(referrerPage.getByText('Bonuses due')).toBeVisible();
  await expect(referrerPage.getByRole('definition').filter({ hasText: '$3,000' }).first()).toBeVisible();
  await referrerPage.goto(referralPath);
  await expect(referrerPage.getByRole('main').getByText('Completed').first()).toBeVisible();
  await expect(referrerPage.getByRole('main').getByText('$3,000').first()).toBeVisible();
});
