import { expect, signUpCompanyAdmin, test } from './fixtures';

test.describe('links to a part of a page', () => {
  test('the export-ready notification’s #exports link brings the Exports card into view once it has loaded', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard/analytics#exports');
    const exports = page.getByRole('heading', { name: 'Exports', exact: true });
    await expect(exports).toBeVisible();
    await expect(exports).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
