import type { Locator, Page } from '@playwright/test';
import {
  test,
  expect,
  inviteCodeOf,
  linkInMailTo,
  PASSWORD,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
  uniqueEmail,
} from './fixtures';

/**
 * The main forms by keyboard alone: every field is reached with Tab (never a click), filled by typing, choices are
 * opened and picked with the keyboard, and the form is sent with Enter.
 */

/** Presses Tab until `target` has focus; fails when it is not reachable within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${limit} presses`).toBeFocused();
}

/** Starts keyboard navigation from the top of the page, as after loading it. */
async function startAtTop(page: Page) {
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Opens a select with the keyboard and picks the option with this name. */
async function pickWithKeyboard(page: Page, trigger: Locator, option: string) {
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  for (let presses = 0; presses < 10; presses++) {
    if (await choice.evaluate((element) => element.hasAttribute('data-highlighted'))) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(trigger).toContainText(option);
}

test('a job seeker signs up by keyboard alone', async ({ page }) => {
  await page.goto('/signup?role=jobseeker');
  await startAtTop(page);
  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type('Kai Keyboard');
  const email = uniqueEmail('keyboard');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByText('We sent you a link', { exact: true })).toBeVisible();
  // The link's page: the password field takes the focus from the top by Tab, Enter creates the account.
  await page.goto(await linkInMailTo(email.toLowerCase(), '/confirm-signup'));
  await startAtTop(page);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/jobseeker-dashboard/);
});

test('a company admin posts a job by keyboard alone', async ({ page }) => {
  test.slow(); // a long form, typed key by key
  const admin = await signUpCompanyAdmin(page);
  const title = `Integration Engineer ${Date.now().toString(36)}`;
  await page.goto('/post-job');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a New Job' })).toBeVisible();
  await startAtTop(page);
  await tabTo(page, page.getByLabel('Job Title'), 40);
  await page.keyboard.type(title);
  await expect(page.getByLabel('Company')).toHaveValue(admin.company.name);
  await tabTo(page, page.getByLabel('Location'));
  await page.keyboard.type('Nashville, TN');
  await pickWithKeyboard(page, page.getByLabel('Employment Type'), 'Full-time');
  await tabTo(page, page.getByLabel('Job Description'));
  await page.keyboard.type('Connect hospital systems over HL7 v2 and FHIR.');
  await tabTo(page, page.getByLabel('Requirements'));
  await page.keyboard.type('Three years building interfaces in Mirth Connect.');
  await tabTo(page, page.getByLabel('Skills'));
  await page.keyboard.type('HL7');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Added skills' })).toContainText('HL7');
  await tabTo(page, page.getByRole('button', { name: 'Post Job' }), 40);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a job seeker requests a referral by keyboard alone', async ({ page, request }) => {
  // One API context: each sign-up replaces its session, so the admin's steps come before the referrer's.
  const admin = await signUpCompanyAdmin(request);
  const inviteCode = await inviteCodeOf(request, admin.company.id);
  const { id: jobId } = await postJobViaApi(request, admin.company.name);
  const referrer = await signUpViaApi(request, { name: 'Remy Referrer', role: 'referrer', inviteCode });
  const profile = await request.put('/api/referrers/me', {
    data: { title: 'Interface Analyst', department: 'Integration', acceptsRequests: true },
  });
  expect(profile.ok(), await profile.text()).toBe(true);

  await signUpViaApi(page, { name: 'Tess Tabber', role: 'jobseeker' });
  const query = new URLSearchParams({ jobId, referrerId: referrer.user.id, referrerName: 'Remy Referrer' });
  await page.goto(`/request-referral?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request a Referral' })).toBeVisible();
  await startAtTop(page);
  await tabTo(page, page.getByRole('textbox', { name: 'Message' }), 40);
  await page.keyboard.type('I have run HL7 interfaces for four years and would love to join the team.');
  await tabTo(page, page.getByRole('button', { name: 'Send Referral Request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your request for a referral has been submitted.')).toBeVisible();
});
