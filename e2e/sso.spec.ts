// Single sign-on (issue 34): an admin proves the company's e-mail domain and connects its OpenID provider (a real
// oidc-provider started by playwright.config.ts); a new person typing an address on that domain at /login is sent to
// the provider, signs in there, and lands on the dashboard as a new member of the company.
import {
  axeViolations,
  expect,
  hydrated,
  lastMailTo,
  linkIn,
  newPage,
  shoot,
  signUpCompanyAdmin,
  startEnterpriseTrial,
  test,
} from './fixtures';
import { SSO_MESSAGES } from '@referwell/shared';

const issuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;

test.describe('single sign-on', () => {
  test('an admin verifies a domain and connects the provider; a new person signs in there and joins the company', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await signUpCompanyAdmin(page);
    await startEnterpriseTrial(page);
    const domain = `sso-${Date.now().toString(36)}.test`;

    await page.goto('/company-dashboard/security');
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
    await expect(page.getByText(/No domains yet/)).toBeVisible();
    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    const domains = page.getByRole('list', { name: 'Verified e-mail domains' });
    await expect(domains.getByText('Not verified yet')).toBeVisible();
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByText(/Link sent/).first()).toBeVisible();

    // Whoever reads postmaster@ at the domain follows the link.
    const visitor = await newPage(browser, baseURL);
    await visitor.goto(linkIn(await lastMailTo(`postmaster@${domain}`, { link: '/verify-domain' }), '/verify-domain'));
    await expect(visitor.getByText('Domain verified')).toBeVisible();

    await page.reload();
    await expect(domains.getByText('Verified', { exact: true })).toBeVisible();
    await page.getByLabel('Issuer URL').fill(issuer);
    await page.getByLabel('Client ID').fill('referwell-test');
    await page.getByLabel('Client secret').fill(process.env.E2E_OIDC_CLIENT_SECRET ?? '');
    await page.getByLabel(/Sign people on verified domains in/).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Single sign-on settings saved.').first()).toBeVisible();
    await expect(page.getByText(/A client secret is saved/)).toBeVisible();
    // axe looks at the settled page: toasts fading in or out are measured mid-way.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'security');

    // A person of the company who has never been on Referwell.
    await visitor.goto('/login');
    await hydrated(visitor);
    await visitor.getByLabel('Email').fill(`river@${domain}`);
    await visitor.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await visitor.waitForURL((url) => url.origin === issuer);
    await visitor.locator('input[name="login"]').fill(`river@${domain}`);
    await visitor.locator('input[name="password"]').fill('anything');
    await visitor.getByRole('button', { name: 'Sign-in' }).click();
    await visitor.waitForURL(/\/referrer-dashboard$/);
    const session = await (await visitor.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: `river@${domain}`, name: 'River', type: 'referrer' });
    expect(session.company).toMatchObject({ id: admin.company.id, role: 'member' });

    // The admin sees who joined in the audit log.
    await page.goto('/company-dashboard/audit-log');
    await expect(page.getByText('Single sign-on created a member').first()).toBeVisible();

    // Removing the verified domain asks first, saying what stops; once confirmed it is gone from the list.
    await page.goto('/company-dashboard/security');
    const remove = page.getByRole('button', { name: `${SSO_MESSAGES.removeDomain} ${domain}` });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: SSO_MESSAGES.removeDomainTitle(domain) });
    await expect(confirm).toContainText(SSO_MESSAGES.removeVerifiedDomain);
    await confirm.getByRole('button', { name: SSO_MESSAGES.removeDomain }).click();
    await expect(page.getByText(SSO_MESSAGES.domainRemoved)).toBeVisible();
    await expect(remove).toHaveCount(0);
  });
});
