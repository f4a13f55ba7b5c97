import { test, expect, shoot, signUpCompanyAdmin } from './fixtures';

/** The local careers site started next to the app (e2e/fixture-server.mjs). */
const fixtureOrigin = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

test.describe('Job import: skills the requirements name that Referwell does not know', () => {
  test('a company admin keeps one suggested skill, dismisses the rest and posts the job with it', async ({ page }) => {
    // An import on a fresh server, two screenshots at two widths and a posting.
    test.slow();
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await page.getByLabel('Job posting URL').fill(`${fixtureOrigin}/careers/customer-success`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // The first import starts the server's reader thread: allow for a busy machine.
    await expect(page.getByText('Job details imported successfully')).toBeVisible({ timeout: 25_000 });

    await expect(page.getByLabel('Job Title')).toHaveValue('Customer Success Manager');
    await expect(page.getByLabel('Location')).toHaveValue('Denver, CO');
    // Known tools are already skills; unknown ones are only offered.
    for (const skill of ['Salesforce', 'Gainsight', 'Kubernetes'])
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(1);
    const suggestions = page.getByRole('region', { name: 'Suggested skills' });
    for (const skill of ['Vitally', 'NetSuite', 'Workato']) {
      await expect(suggestions.getByRole('button', { name: `Add skill ${skill}` })).toBeVisible();
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(0);
    }
    await shoot(page, 'suggested-skills');

    await suggestions.getByRole('button', { name: 'Add skill Vitally' }).click();
    await expect(page.getByRole('button', { name: 'Remove Vitally' })).toHaveCount(1);
    await expect(suggestions.getByRole('button', { name: 'Add skill Vitally' })).toHaveCount(0);
    await expect(suggestions.getByRole('button', { name: 'Add skill NetSuite' })).toBeVisible();

    await suggestions.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('region', { name: 'Suggested skills' })).toHaveCount(0);
    for (const skill of ['NetSuite', 'Workato'])
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(0);
    await shoot(page, 'suggested-skill-kept');

    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Success Manager' })).toBeVisible();
    await expect(page.getByText('Vitally', { exact: true })).toBeVisible();
    await expect(page.getByText('NetSuite', { exact: true })).toHaveCount(0);
  });
});

test.describe('Job import: a careers page in Polish', () => {
  test('a company admin imports it and gets its title, place, employment type and the employment contract pay', async ({
    page,
  }) => {
    test.slow();
    await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    await page.getByRole('tab', { name: 'Import from URL' }).click();
    await page.getByLabel('Job posting URL').fill(`${fixtureOrigin}/kariera/administrator`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Job details imported successfully')).toBeVisible({ timeout: 25_000 });

    await expect(page.getByLabel('Job Title')).toHaveValue('Administrator systemów szpitalnych');
    await expect(page.getByLabel('Company')).toHaveValue('Fixture Zdrowie');
    await expect(page.getByLabel('Location')).toHaveValue('Wrocław');
    await expect(page.getByLabel('Salary Range')).toHaveValue(
      'PLN 11,000 - PLN 14,000 per month; B2B: PLN 13,500 - PLN 17,000 per month',
    );
    for (const skill of ['Linux', 'VMware', 'HL7'])
      await expect(page.getByRole('button', { name: `Remove ${skill}` })).toHaveCount(1);
    await shoot(page, 'polish-import');
  });
});
