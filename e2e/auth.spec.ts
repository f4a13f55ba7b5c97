import { type Page } from '@playwright/test';
import {
  test,
  expect,
  logInViaUi,
  PASSWORD,
  signUpCompanyAdmin,
  signUpViaApi,
  inviteCodeOf,
  uniqueCompanyName,
  uniqueEmail,
  linkInMailTo,
  finishSignupViaUi,
  builtChunk,
} from './fixtures';

async function fillAccount(page: Page, name: string, email: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

test.describe('sign up', () => {
  test('a job seeker coming from a job signs up and lands on the dashboard that offers that job', async ({ page }) => {
    await page.goto('/signup?role=jobseeker&job=UX%20Designer');
    await expect(page.getByLabel('I am a...')).toHaveValue('jobseeker');
    const email = uniqueEmail('jamie');
    await fillAccount(page, 'Jamie Seeker', email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await finishSignupViaUi(page, email);

    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByText('Redirecting to your dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/jobseeker-dashboard\?job=UX(\+|%20)Designer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jamie' })).toBeVisible();
    await expect(page.getByText('You were looking at UX Designer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a referral for this job' })).toHaveAttribute(
      'href',
      '/search-jobs?q=UX+Designer',
    );
    await expect(page.getByLabel('Your invite code')).toHaveValue(/^TALENT[A-Z0-9]{6}$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Find Jobs' })).toBeVisible();
  });

  test('a referrer signs up with their company invite code', async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(request);
    const inviteCode = await inviteCodeOf(request, admin.company.id);

    await page.goto('/signup?role=referrer');
    const email = uniqueEmail('robin');
    await fillAccount(page, 'Robin Referrer', email);
    await page.getByLabel('Company invite code').fill(inviteCode);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await finishSignupViaUi(page, email);

    await expect(page.getByText('You have joined your company as a referrer.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/referrer-dashboard$/);
    // At the first sign-in a company member is asked who they are; answered, it is not asked again.
    const details = page.getByRole('dialog', { name: 'Tell job seekers who you are' });
    await details.getByLabel('Job title').fill('Interface Analyst');
    await details.getByLabel('Department').fill('Clinical Integrations');
    await details.getByLabel('Team').fill('HL7 Interfaces');
    await details.getByLabel(`Start date at ${admin.company.name}`).fill('2023-04-03');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Robin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: admin.company.name })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Find Candidates' })).toBeVisible();
    // A member is not a company admin: no Post Job, no Company Dashboard.
    await expect(header.getByRole('link', { name: 'Post Job' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Company Dashboard' })).toHaveCount(0);
  });

  test('company HR creates a company and becomes its admin', async ({ page }) => {
    const companyName = uniqueCompanyName('Harbor Health');
    await page.goto('/signup');
    const email = uniqueEmail('harper');
    await fillAccount(page, 'Harper Hiring', email);
    await page.getByLabel('I am a...').selectOption('Company HR / Hiring Manager');
    await expect(page.getByRole('radio', { name: 'Create a new company' })).toBeChecked();
    await page.getByLabel('Company name').fill(companyName);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await finishSignupViaUi(page, email);

    await expect(page.getByText('Your company has been created.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/referrer-dashboard$/);
    // The first sign-in's question about the admin's own title and team can wait.
    await page
      .getByRole('dialog', { name: 'Tell job seekers who you are' })
      .getByRole('button', { name: 'Not now' })
      .click();
    await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
    await expect(page.getByLabel('Team invite code')).toHaveValue(/\S+/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Post Job' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Company Dashboard' })).toBeVisible();
  });

  test('a referrer without an invite code is told to enter one', async ({ page }) => {
    await page.goto('/signup?role=referrer');
    await fillAccount(page, 'Nova Nocode', uniqueEmail('nova'));
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = page.getByRole('listitem').filter({ hasText: 'Invite code required' });
    await expect(toast).toContainText('Please enter a valid company invite code to join as a referrer.');
    await expect(page.getByLabel('Company invite code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup\?role=referrer$/);
  });
});

test.describe('log in and out', () => {
  test('a user logs out from the account menu and logs in again', async ({ page }) => {
    const seeker = await signUpViaApi(page, { name: 'Logan Loop', role: 'jobseeker' });
    await page.goto('/jobseeker-dashboard');
    // A first visit is welcomed; after logging out and in again the same browser is welcomed back.
    await expect(page.getByRole('heading', { name: 'Welcome, Logan' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    const accountMenu = page.getByRole('navigation', { name: 'Account' });
    await expect(accountMenu).toContainText(seeker.email);
    await accountMenu.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    await header.getByRole('link', { name: 'Login' }).click();
    await logInViaUi(page, seeker.email, seeker.password);
    await expect(page).toHaveURL(/\/jobseeker-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Logan' })).toBeVisible();
  });

  test('a user logs in by keyboard alone: email, Tab, password, Enter', async ({ page, request }) => {
    const seeker = await signUpViaApi(request, { name: 'Kira Keys', role: 'jobseeker' });
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(seeker.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(seeker.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/jobseeker-dashboard$/);
  });

  test('what is typed into the log-in form before its code arrives is kept, and logs in', async ({ page, request }) => {
    const seeker = await signUpViaApi(request, { name: 'Early Ed', role: 'jobseeker' });
    // The form's own chunk (hydrateOnIntent, ADR 0052) is held back, as on a slow link, until the visitor has typed.
    const chunkUrl = `**/${builtChunk('features/auth/login-form.tsx')}`;
    let release = () => {};
    const mayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunkUrl, async (route) => {
      await mayLoad;
      await route.continue();
    });
    const asked = page.waitForRequest(chunkUrl);
    await page.mainFrame().goto('/login', { waitUntil: 'commit' });
    // The page is hydrated and has asked for the form's code (browser idle); the form is still the prerendered one.
    await asked;
    await page.getByLabel('Email').fill(seeker.email);
    await page.getByLabel('Password', { exact: true }).fill(seeker.password);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByLabel('Email')).toHaveValue(seeker.email);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/jobseeker-dashboard$/);
  });

  test("a sign-up link's role is chosen before the form's code arrives, and the plain form signs up", async ({
    page,
  }) => {
    // The form's code fails to load (a lost connection, a chunk gone with a new release): the page stays the
    // prerendered HTML the server chose for the link's role, and its form posts as plain HTML.
    await page.route(`**/${builtChunk('features/auth/signup-form.tsx')}`, (route) => route.abort());
    await page.mainFrame().goto('/signup?role=jobseeker', { waitUntil: 'commit' });
    const role = page.getByLabel('I am a...');
    await expect(role).toHaveValue('jobseeker');
    await expect(role.getByRole('option', { selected: true })).toHaveText('Job Seeker');
    const email = uniqueEmail('plain');
    await fillAccount(page, 'Plain Pat', email);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect((await posted).postData()).toContain('role=jobseeker');
    await expect(page).toHaveURL(/\/signup\/sent$/);
    await expect(page.getByText('We sent you a link', { exact: true })).toBeVisible();
    expect(await linkInMailTo(email, '/confirm-signup')).toContain('/confirm-signup');
  });

  test("each role's version of the sign-up page hydrates as it was served", async ({ page }) => {
    // React reports markup that differs from what it renders (a mismatch) as an error, and drops the server HTML.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const roles: [string, string][] = [
      ['jobseeker', 'Job Seeker'],
      ['referrer', 'Referrer (employee of a hiring company)'],
      ['companyHR', 'Company HR / Hiring Manager'],
    ];
    for (const [role, label] of roles) {
      await page.goto(`/signup?role=${role}&returnTo=%2Fjobs-board`);
      await expect(page.getByLabel('I am a...').getByRole('option', { selected: true })).toHaveText(label);
    }
    // Hydrated, the company admin's form follows the role: creating a company asks for its name.
    await expect(page.getByRole('radio', { name: 'Create a new company' })).toBeChecked();
    await expect(page.getByLabel('Company name')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a protected page sends a visitor to log in and back again', async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(request);
    await page.goto('/company-dashboard/team');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fcompany-dashboard%2Fteam$/);

    await logInViaUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/company-dashboard\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Management' })).toBeVisible();
  });

  test('a wrong password and an unknown email get the same single message', async ({ page, request }) => {
    const seeker = await signUpViaApi(request, { name: 'Wren Wrong', role: 'jobseeker' });
    await page.goto('/login');
    await logInViaUi(page, seeker.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logInViaUi(page, uniqueEmail('nobody'), 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  });

  test('forgot password confirms without telling whether the account exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(uniqueEmail('forgetful'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, we have sent a link to reset your password.'),
    ).toBeVisible();
  });

  test('a user resets a forgotten password from the e-mailed link', async ({ page, request }) => {
    const seeker = await signUpViaApi(request, { name: 'Remy Reset', role: 'jobseeker' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(seeker.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that email', { exact: false })).toBeVisible();

    await page.goto(await linkInMailTo(seeker.email, '/reset-password'));
    // The strength meter says why a common password would be refused, as it is typed.
    await page.getByLabel('New password', { exact: true }).fill('Password123!');
    await expect(page.getByText('Password strength: Too weak')).toBeVisible();
    await expect(page.getByText('This password is too common.', { exact: false })).toBeVisible();
    const newPassword = 'a-brand-new-passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect(page.getByText('This password is too common.', { exact: false })).toBeHidden();
    await page.getByLabel('Confirm new password').fill('something-else-entirely');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Password updated')).toBeVisible();

    await logInViaUi(page, seeker.email, newPassword);
    await expect(page).toHaveURL(/\/jobseeker-dashboard$/);
  });
});
