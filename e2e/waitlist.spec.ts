import { expect, test } from './fixtures';

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('waitlist', () => {
  test('joining shows the success message and clears the form', async ({ page }) => {
    await page.goto('/waitlist');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('grace'));
    await page.getByRole('combobox', { name: 'I am a...' }).click();
    await page.getByRole('option', { name: 'Referrer' }).click();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText("You've been added to our waitlist. We'll be in touch soon!")).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
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
