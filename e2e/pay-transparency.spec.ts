import { test, expect, axeViolations, postJobViaApi, shoot, signUpCompanyAdmin, widerThanTheScreen } from './fixtures';

test.describe('pay transparency', () => {
  test('an admin posting a Colorado remote job without a range is stopped, adds it, and the job page carries baseSalary', async ({
    page,
  }) => {
    const admin = await signUpCompanyAdmin(page);
    await page.goto('/post-job');
    const title = `Remote Care Coordinator ${Date.now().toString(36)}`;
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Company', { exact: true }).fill(admin.company.name);
    await page.getByLabel('Location').fill('Remote (Colorado)');
    await page.getByRole('combobox', { name: 'Employment Type' }).click();
    await page.getByRole('option', { name: 'Full-time' }).click();
    await page.getByLabel('Job Description').fill('Coordinate care for patients across Colorado clinics.');
    await page.getByLabel('Requirements').fill('RN licence; two years of care coordination.');
    await page.getByRole('button', { name: 'Post Job' }).click();

    // Stopped: the law is named under the salary field, which takes the focus; the job is not posted.
    const salary = page.getByLabel('Salary Range');
    await expect(salary).toHaveAccessibleDescription(/Colorado Equal Pay for Equal Work Act \(US-CO\)/);
    await expect(salary).toBeFocused();
    await expect(page).toHaveURL(/\/post-job$/);
    await expect(page.getByText('Pay range required')).toBeVisible();
    // The form and its messages, the error toast included (its reds are dark enough for 4.5:1 on their tint).
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'pay-transparency-refused');

    await salary.fill('$68,000 - $82,000 per year');
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Pay transparency' })).toContainText(
      'Colorado Equal Pay for Equal Work Act',
    );

    // The public page as a crawler reads it: JobPosting with baseSalary.
    const html = await (await page.request.get(new URL(page.url()).pathname)).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(block, 'the job page carries JSON-LD').not.toBeNull();
    const posting = JSON.parse(block![1]!) as { baseSalary?: unknown };
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 68_000, maxValue: 82_000, unitText: 'YEAR' },
    });
  });

  test('a company that adds Colorado to the states it employs in sees its open remote job flagged for a range', async ({
    page,
  }) => {
    const admin = await signUpCompanyAdmin(page);
    // No location, no staff states yet: a US-wide remote job without a range posts.
    const posted = await postJobViaApi(page, admin.company.name, { location: 'Remote (US)' });

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/company-profile');
    await page.getByLabel('Website').fill('https://plains-staffing.example');
    await page.getByLabel('Description').fill('Travel nurse staffing for rural hospitals.');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByRole('combobox', { name: 'Number of employees' }).click();
    await page.getByRole('option', { name: '11-50' }).click();
    // The states: a group of checkboxes, ticked from the keyboard.
    const states = page.getByRole('group', { name: 'US states where you employ people (optional)' });
    const colorado = states.getByRole('checkbox', { name: 'Colorado (CO)' });
    await colorado.focus();
    await page.keyboard.press('Space');
    await expect(colorado).toBeChecked();
    expect(await widerThanTheScreen(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('1 open job now needs a pay range')).toBeVisible();

    // The jobs board names the law on the job; it stays open.
    await page.goto('/jobs-board');
    const row = page.getByRole('listitem', { name: posted.title });
    await expect(row).toContainText('Needs a pay range: Colorado Equal Pay for Equal Work Act (US-CO)');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'pay-transparency-staff-states');
  });
});
