import { test, expect, signUpCompanyAdmin } from './fixtures';

test.describe('company profile', () => {
  test('an admin edits the company profile and the public page shows it', async ({ page }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/referrer-dashboard');
    await page.getByRole('link', { name: 'Edit Company Profile' }).click();
    await expect(page).toHaveURL(/\/company-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company Profile' })).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue(admin.company.name);

    await page.getByLabel('Website').fill('https://harbor-health.example');
    await page.getByLabel('Description').fill('Too short');
    await page.getByLabel('Location').fill('Boston, MA');
    await page.getByRole('combobox', { name: 'Number of employees' }).click();
    await page.getByRole('option', { name: '51-200' }).click();
    await page.getByLabel('Industries (optional)').fill('Digital Health');
    // The list fades out after the choice; the focus moved on meanwhile stays in the next field once it has gone.
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByLabel('Industries (optional)')).toBeFocused();
    await page.getByLabel('Industries (optional)').press('Enter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Description must be at least 10 characters.')).toBeVisible();
    await expect(page).toHaveURL(/\/company-profile$/);

    const description = 'We build remote patient monitoring for rural clinics.';
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText('Your company profile has been successfully updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/referrer-dashboard$/);
    await expect(page.getByText(description)).toBeVisible();

    await page.getByRole('link', { name: 'View Public Profile' }).click();
    await expect(page).toHaveURL(new RegExp(`/company/${admin.company.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: admin.company.name })).toBeVisible();
    await expect(page.getByText(description)).toBeVisible();
    await expect(page.getByText('Boston, MA')).toBeVisible();
    await expect(page.getByText('51-200 employees')).toBeVisible();
    await expect(page.getByText('Digital Health')).toBeVisible();
    const website = page.getByRole('link', { name: /harbor-health\.example/ });
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByText('No open positions available at this time.')).toBeVisible();
  });

  test('an unknown company shows "Company not found" with a way home', async ({ page }) => {
    await page.goto('/company/no-such-company-anywhere');
    await expect(page.getByRole('heading', { level: 1, name: 'Company not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
