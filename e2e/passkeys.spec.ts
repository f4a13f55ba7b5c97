// Passkeys as a person meets them (ADR 0040), with Chromium's virtual authenticator (CDP WebAuthn domain: a platform
// authenticator holding discoverable credentials, the person verified): add one in Settings, log out, sign in with it
// from /login without typing anything. WebAuthn refuses IP addresses as relying-party ids, so this browser visits the
// server as localhost (the server's relying party for a loopback PUBLIC_URL).
import { PASSKEY_MESSAGES } from '@referwell/shared/rules/passkey-texts';
import { axeViolations, expect, hydrated, newPage, signUpViaApi, test, widerThanTheScreen } from './fixtures';

test('a member adds a passkey, logs out and signs in with it', async ({ browser, baseURL }) => {
  const origin = `http://localhost:${new URL(baseURL!).port}`;
  const page = await newPage(browser, origin);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const person = await signUpViaApi(page, { name: 'Pat Passkey', role: 'jobseeker' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/settings#passkeys');
  await hydrated(page);
  const card = page.locator('#passkeys');
  await expect(card.getByText(PASSKEY_MESSAGES.empty)).toBeVisible();

  await card.getByLabel(PASSKEY_MESSAGES.nameLabel).fill('Work laptop');
  await card.getByRole('button', { name: PASSKEY_MESSAGES.add }).click();
  const list = card.getByRole('list', { name: PASSKEY_MESSAGES.title });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText(PASSKEY_MESSAGES.neverUsed);
  // The device holds one discoverable credential for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => [c.isResidentCredential, c.rpId])).toEqual([[true, 'localhost']]);

  // At 375 px nothing scrolls sideways; the card passes axe once the toast is gone.
  expect(await widerThanTheScreen(page)).toEqual([]);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  expect(await axeViolations(page)).toEqual([]);

  // Remove asks first; cancelling keeps it (by keyboard: Escape closes the dialog).
  await list.getByRole('button', { name: `${PASSKEY_MESSAGES.remove} Work laptop` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(PASSKEY_MESSAGES.removeTitle);
  await page.keyboard.press('Escape');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const loggedOut = await page.request.post('/api/auth/logout');
  expect(loggedOut.status()).toBe(204);
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: PASSKEY_MESSAGES.signIn }).click();
  await expect(page).toHaveURL(/\/jobseeker-dashboard$/);
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user.email).toBe(person.email.toLowerCase());
});
