import type { Page } from '@playwright/test';
import { test, expect, axeViolations, shoot, signUpCompanyAdmin } from './fixtures';

/** The payment provider the server under test calls: the tests' fake Stripe (playwright.config.ts). */
const stripeOrigin = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

const card = (page: Page, title: string) =>
  page.getByRole('heading', { name: title, exact: true }).locator('xpath=ancestor::*[@data-slot="card"][1]');

test.describe('plan and billing', () => {
  test('an admin starts a trial on Stripe Checkout, Enterprise features unlock, and a failed payment warns them', async ({
    page,
  }) => {
    test.setTimeout(90_000); // screenshots at two widths on a loaded machine
    const admin = await signUpCompanyAdmin(page);
    // From the pricing on the companies page to the billing page, the chosen plan marked.
    await page.goto('/how-it-works-companies');
    await page.getByRole('link', { name: 'Choose Enterprise License' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan and billing' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Plans' }).getByRole('listitem').filter({ hasText: 'Your choice' }),
    ).toContainText('Enterprise License');
    const features = page.getByRole('list', { name: 'Enterprise features' });
    await expect(features.getByRole('listitem').filter({ hasText: 'ATS integrations' })).toContainText(
      'Not in your plan',
    );
    await expect(card(page, 'Current plan')).toContainText('Your company has no plan yet.');
    await shoot(page, 'billing-choose');

    // Checkout on the provider's hosted page, which sends the browser back when the trial starts.
    await page.getByRole('button', { name: 'Start 14-day trial of Enterprise License' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribe to Enterprise License' })).toBeVisible();
    await expect(page.getByText('$10,000 per year, after a 14-day free trial.')).toBeVisible();
    await page.getByRole('button', { name: 'Start trial' }).click();
    await expect(page).toHaveURL(/\/company-dashboard\/billing\?checkout=success$/);
    await expect(page.getByText('Your subscription is confirmed')).toBeVisible({ timeout: 20_000 });
    const current = card(page, 'Current plan');
    await expect(current).toContainText('Enterprise License');
    await expect(current).toContainText('Trial');
    await expect(current).toContainText(/Free trial until \w{3} \d{2}, \d{4}, then the plan starts\./);
    await expect(features).not.toContainText('Not in your plan');
    await expect(card(page, 'Invoices').getByRole('row', { name: /\$0 .*paid/i })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'billing-trial');

    // An Enterprise feature: the analytics tables' CSV exports are open now.
    await page.goto('/company-dashboard/analytics');
    const funnel = card(page, 'Referral funnel');
    await expect(funnel.getByRole('button', { name: 'Export CSV' })).toBeVisible();

    // The renewal's payment fails at the provider: its webhook turns the plan past due.
    const failed = await page.request.post(`${stripeOrigin}/__fake/payment-failed?company=${admin.company.id}`);
    expect(failed.ok(), await failed.text()).toBe(true);
    const banner = page.getByRole('region', { name: 'Payment failed' });
    await expect(async () => {
      await page.reload();
      await expect(banner).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(banner).toContainText('The last payment for your plan failed.');
    // Read access stays, new use waits for the card: the export is a link to billing saying why.
    await expect(
      funnel.getByRole('link', { name: /^Export CSV.+Advanced analytics exports are read-only/ }),
    ).toBeVisible();
    await banner.getByRole('link', { name: 'Update card' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan and billing' })).toBeVisible();
    await expect(current).toContainText('Payment failed');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'billing-past-due');
  });
});
