// Single sign-on with SAML 2.0 (issue 34), in the browser: an admin connects a SAML identity provider; a new person
// typing an address on the company's verified domain at /login is sent there (HTTP-Redirect AuthnRequest), signs in,
// and the IdP's page posts its signed response back (HTTP-POST binding): they land on the dashboard as a member.
// The IdP (apps/server/src/test/saml-idp.ts, signing as the API tests do) is started by playwright.config.ts.
import {
  axeViolations,
  expect,
  hydrated,
  lastMailTo,
  linkIn,
  newPage,
  signUpCompanyAdmin,
  startEnterpriseTrial,
  test,
} from './fixtures';

const idpOrigin = `http://127.0.0.1:${process.env.E2E_SAML_PORT}`;

test('SAML: an admin connects the IdP; a new person signs in there and lands signed in as a member', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signUpCompanyAdmin(page);
  await startEnterpriseTrial(page);
  const domain = `saml-${Date.now().toString(36)}.test`;
  await page.goto('/company-dashboard/security');
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(/Link sent/).first()).toBeVisible();
  const visitor = await newPage(browser, baseURL);
  await visitor.goto(linkIn(await lastMailTo(`postmaster@${domain}`, { link: '/verify-domain' }), '/verify-domain'));
  await expect(visitor.getByText('Domain verified')).toBeVisible();

  // What the IdP's administrator hands over: its sign-on URL, entity ID and signing certificate.
  const certificate = await (await page.request.get(`${idpOrigin}/cert`)).text();
  await page.reload();
  await page.getByLabel('SAML 2.0').check();
  await expect(page.getByLabel('Assertion consumer service URL')).toHaveValue(`${baseURL}/sso/saml/acs`);
  await page.getByLabel('IdP single sign-on URL').fill(`${idpOrigin}/sso`);
  await page.getByLabel('IdP entity ID').fill('https://idp.example.test/saml');
  await page.getByLabel('IdP signing certificate (PEM)').fill(certificate);
  await page.getByLabel(/Sign people on verified domains in/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on settings saved.').first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);

  // A person of the company who has never been on Referwell.
  await visitor.goto('/login');
  await hydrated(visitor);
  await visitor.getByLabel('Email').fill(`sasha@${domain}`);
  await visitor.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await visitor.waitForURL((url) => url.origin === idpOrigin);
  await visitor.getByLabel('IdP e-mail').fill(`sasha@${domain}`);
  await visitor.getByLabel('IdP name').fill('Sasha Saml');
  await visitor.getByRole('button', { name: 'Sign in at the IdP' }).click();
  await visitor.waitForURL(/\/referrer-dashboard$/);
  const session = await (await visitor.request.get('/api/auth/session')).json();
  expect(session.user).toMatchObject({ email: `sasha@${domain}`, name: 'Sasha Saml', type: 'referrer' });
  expect(session.company).toMatchObject({ id: admin.company.id, role: 'member' });
});
