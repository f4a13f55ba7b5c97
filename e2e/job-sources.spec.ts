import { JOB_SOURCES_PAGE_TEXT as T } from '@referwell/shared';
import { axeViolations, expect, signUpCompanyAdmin, test, widerThanTheScreen } from './fixtures';

/** The local careers site started next to the app (e2e/fixture-server.mjs). */
const fixtureOrigin = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

test.describe('Job sources page', () => {
  test('a company admin adds a careers page, removes it from the keyboard and undoes that, axe-clean at 375 px', async ({
    page,
  }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard/job-sources');
    await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
    await expect(page.getByText(T.emptyTitle)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const url = `${fixtureOrigin}/careers`;
    await page.getByLabel(T.url).fill(url);
    await page.getByRole('button', { name: T.add }).click();
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toBeVisible();
    await expect(page.getByLabel(T.url)).toHaveValue('');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await widerThanTheScreen(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: T.removeLabel(url) }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: T.removeTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: T.remove }).press('Enter');
    await expect(page.getByText(T.emptyTitle)).toBeVisible();
    // The toast slides in at 375 px (never "stable" for a pointer click while it animates): press it from the keyboard.
    const undo = page.getByRole('button', { name: T.undo });
    await undo.focus();
    await undo.press('Enter');
    await expect(page.getByRole('row').filter({ hasText: url })).toBeVisible();
  });
});
