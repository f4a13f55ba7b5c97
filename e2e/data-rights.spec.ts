import { test, expect, inviteCodeOf, logInViaUi, PASSWORD, shoot, signUpCompanyAdmin, signUpViaApi } from './fixtures';

test.describe('data rights and audit', () => {
  test("an admin reads the company's audit log and filters it", async ({ page, request }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/company-dashboard/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('Nothing recorded yet')).toBeVisible();

    const member = await signUpViaApi(request, {
      name: 'Morgan Member',
      role: 'referrer',
      inviteCode: await inviteCodeOf(page.request, admin.company.id),
    });
    await page.goto('/referrer-dashboard');
    await page.request.patch(`/api/companies/${admin.company.id}/members/${member.user.id}`, {
      data: { role: 'Admin' },
    });
    await page.request.post(`/api/companies/${admin.company.id}/invite-code`);

    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/company-dashboard\/audit-log$/);
    const entries = page.getByRole('region', { name: 'Audit entries' });
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expect(entries).toContainText('Changed a member’s role');
    await expect(entries).toContainText('Morgan Member');
    await expect(entries).toContainText('Member → Admin');
    await shoot(page, 'audit-log');

    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Generated a new invite code' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(1);
    await expect(page).toHaveURL(/action=company\.invite_code_regenerated/);
    await page.getByLabel('To').fill('2020-01-01');
    await expect(page.getByText('No entries match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entries.getByRole('listitem')).toHaveCount(2);
  });

  test('a job seeker exports their data, then deletes the account and cancels by logging in', async ({ page }) => {
    const seeker = await signUpViaApi(page, { name: 'Sam Seeker', role: 'jobseeker' });
    await page.goto('/settings');
    const exportCard = page.locator('#data-export');
    await exportCard.getByRole('button', { name: 'Export my data' }).click();
    await expect(page.getByText('We are preparing your data.').first()).toBeVisible();
    const download = exportCard.getByRole('link', { name: 'Download my data' });
    await expect(download).toBeVisible({ timeout: 20_000 });
    await expect(exportCard).toContainText('The download works until');
    const zip = await page.request.get((await download.getAttribute('href'))!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    await shoot(page, 'settings-export-ready');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('deleted in 7 days unless you log in before then');
    await dialog.getByLabel('Password').fill('not my password at all');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('The password is not correct.')).toBeVisible();
    await shoot(page, 'delete-dialog');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Your account will be deleted on .*Log in before then to keep it\./)).toBeVisible();

    await page.goto('/login');
    await logInViaUi(page, seeker.email, seeker.password);
    await expect(page.getByText('Welcome back. Your account is no longer scheduled for deletion.')).toBeVisible();
    await expect(page).toHaveURL(/jobseeker-dashboard/);
  });
});
