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

test.describe('waitlist while the page script loads', () => {
  test('what the visitor typed before the script ran is still there after it runs, and is what joins', async ({
    page,
  }) => {
    // The app's scripts are held back until the visitor has typed, as on a slow connection.
    let release = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    const email = uniqueEmail('early');
    await page.mainFrame().goto('/waitlist', { waitUntil: 'commit' });
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('I am a...').selectOption('Referrer');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByLabel('Name')).toHaveValue('Katherine Johnson');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('I am a...')).toHaveValue('referrer');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText("You've been added to our waitlist. We'll be in touch soon!")).toBeVisible();
    const saved = await queryDatabase<{ name: string }>('select name from waitlist_entries where email = $1', [email]);
    expect(saved).toEqual([{ name: 'Katherine Johnson' }]);
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
