import { queryDatabase } from './database';
import {
  expect,
  finishSignupViaUi,
  linkInMailTo,
  PASSWORD,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

// Issue 38: a visitor searches and reads jobs without an account; /login, /signup and /search-jobs work before (and
// without) the page script; an action started signed out (Apply Now) survives login, sign-up and its mailed link.

test.describe('before the page script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('search shows the results of its address and searches again with a plain form', async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(request);
    const word = `nojs${Date.now().toString(36)}`;
    const job = await postJobViaApi(request, admin.company.name, { title: `Clinical Analyst ${word}` });
    // page.goto of the fixtures waits for hydration, which never comes without JavaScript.
    await page.mainFrame().goto('/search-jobs?q=nothing-matches-this-zz');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Job' })).toBeVisible();
    await page.getByLabel('Search jobs').fill(word);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/search-jobs\\?q=${word}$`));
    await page.getByRole('link', { name: job.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  });

  test('sign-up and login post as plain forms; the sign-up link and the login go back to returnTo', async ({
    page,
    request,
  }) => {
    const admin = await signUpCompanyAdmin(request);
    const job = await postJobViaApi(request, admin.company.name);
    const email = uniqueEmail('nojs.signup');
    await page.mainFrame().goto(`/signup?returnTo=${encodeURIComponent(`/job/${job.id}`)}`);
    await page.getByLabel('Full name').fill('Noor Nojs');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('I am a...').selectOption('Job Seeker');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // As the JSON sign-up: "check your e-mail", and the account waits for the mailed link, which keeps returnTo.
    await expect(page).toHaveURL(/\/signup\/sent$/);
    await expect(page.getByText('We sent you a link', { exact: true })).toBeVisible();
    expect(await queryDatabase('select id from users where email = $1', [email])).toEqual([]);
    const link = new URL(await linkInMailTo(email.toLowerCase(), '/confirm-signup'), 'http://link');
    expect(link.searchParams.get('returnTo')).toBe(`/job/${job.id}`);

    const member = await signUpViaApi(request, { name: 'Noor Nojs', role: 'jobseeker' });
    await page.context().clearCookies();
    await page.mainFrame().goto('/login?returnTo=%2Fsearch-jobs');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsearch-jobs&error=credentials$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/search-jobs$/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'rw_session')).toBe(true);
  });
});

test('a visitor who starts Apply Now from a shared link signs up and lands on the job with the application open', async ({
  page,
  request,
}) => {
  const admin = await signUpCompanyAdmin(request);
  const job = await postJobViaApi(request, admin.company.name);
  await page.goto(`/search-jobs?q=${encodeURIComponent(job.title)}`);
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  // They arrive on the job through a member's shared link (the referral-link cookie), as a referred visitor would.
  const share = (await (await request.get(`/api/jobs/${job.id}/share-link`)).json()) as { url: string };
  const shared = new URL(share.url);
  await page.goto(`${shared.pathname}${shared.search}`);
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/job/${job.id}?resume=apply`);

  const email = uniqueEmail('resume');
  await page.getByLabel('Full name').fill('Rae Resume');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('I am a...').selectOption('Job Seeker');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The mailed link keeps returnTo: confirming the sign-up lands on the job with the application open.
  await finishSignupViaUi(page, email);

  await expect(page.getByRole('dialog', { name: `Apply for ${job.title}?` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}$`));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  // Applying through a member's shared link makes them the referrer: the job page says so.
  await expect(page.getByRole('status', { name: 'Where you stand' })).toContainText('Casey Admin referred you.');
  // The shared link's credit survived login, sign-up and the way back.
  expect(await queryDatabase('select source from candidate_pipelines where job_id = $1', [job.id])).toEqual([
    { source: 'shared_link' },
  ]);
});

test('a returning job seeker who logs in from a search comes back to it with Save search open', async ({ page }) => {
  const seeker = await signUpViaApi(page.context().request, { name: 'Sam Saver', role: 'jobseeker' });
  await page.context().clearCookies();
  await page.goto('/search-jobs?q=fhir');
  await page.getByRole('link', { name: 'Save search' }).click();
  await page.getByLabel('Email').fill(seeker.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/search-jobs\?q=fhir$/);
});
