// Two-factor authentication as an admin meets it (ADR 0035): the company requires it, so the admin is sent to set it
// up first; an authenticator app (otpauth, as the apps compute codes) gives the codes; the next login asks for one.
import { Secret, TOTP } from 'otpauth';
import { axeViolations, expect, logInViaUi, signUpCompanyAdmin, test } from './fixtures';

test('an admin required to use two-factor sets it up, logs out and logs in with a code', async ({ page }) => {
  const admin = await signUpCompanyAdmin(page);
  const required = await page.request.put(`/api/companies/${admin.company.id}/security`, {
    data: { requireTwoFactorForAdmins: true },
  });
  expect(required.ok(), await required.text()).toBe(true);

  // Anything else sends the admin to the set-up first.
  await page.goto('/company-dashboard/team');
  await expect(page).toHaveURL(/\/settings#two-factor$/);
  const card = page.locator('#two-factor');
  await expect(card).toContainText('Your company requires two-factor authentication for admins.');
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = await card.getByLabel('Setup key').inputValue();
  const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await card.getByLabel('Code from the app').fill(app.generate());
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I saved them' }).click();
  await expect(card).toContainText('10 of 10 recovery codes left.');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login?returnTo=%2Fcompany-dashboard%2Fteam');
  await logInViaUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/login\/two-factor\?returnTo=/);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid.')).toBeVisible();
  // The code of the next 30-second step: the one used to turn it on cannot be used again.
  await page.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/company-dashboard\/team$/);
});
