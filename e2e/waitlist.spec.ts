import { queryDatabase } from './database';
import { expect, shoot, test, uniqueEmail } from './fixtures';

test.describe('waitlist', () => {
  test('joining shows the success message and clears the form', async ({ page }) => {
    await page.goto('/waitlist');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('grace'));
    await page.getByLabel('I am a...').selectOption('Referrer');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText("You've been added to our waitlist. We'll be in touch soon!")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('I am a...')).toHaveValue('');
    await shoot(page, 'joined-toast');
  });

  test('submitting without a role says "Please select your role"', async ({ page }) => {
    await page.goto('/waitlist');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(uniqueEmail('ada'));
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Please select your role').first()).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
  });
});

test.describe('waitlist before the page script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form post saves the entry and shows the thank-you page, nothing personal in the address', async ({
    page,
  }) => {
    const email = uniqueEmail('nojs');
    const addresses: string[] = [];
    page.on('request', (sent) => addresses.push(sent.url()));
    // page.goto of the fixtures waits for hydration, which never comes without JavaScript.
    await page.mainFrame().goto('/waitlist');
    await page.getByLabel('Name').fill('Mary Jackson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('I am a...').selectOption('Job Seeker');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();

    await expect(page).toHaveURL(/\/waitlist\/joined$/);
    await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
    await expect(page.getByText("You've been added to our waitlist. We'll be in touch soon!")).toBeVisible();
    for (const address of addresses) {
      expect(address).not.toContain('Mary');
      expect(address).not.toContain(encodeURIComponent(email));
      expect(address).not.toContain('nojs');
    }
    await shoot(page, 'joined-without-js');

    const saved = await queryDatabase<{ name: string; role: string }>(
      'select name, role from waitlist_entries where email = $1',
      [email],
    );
    expect(saved).toEqual([{ name: 'Mary Jackson', role: 'jobseeker' }]);
  });

  test('the browser checks the fields before posting: an empty form stays on the page', async ({ page }) => {
    await page.mainFrame().goto('/waitlist');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    expect(await page.getByLabel('Name').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  });
});
