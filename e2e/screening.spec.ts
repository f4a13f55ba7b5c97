import { LEIE_COLUMNS } from '@referwell/shared';
import {
  test,
  expect,
  axeViolations,
  newPage,
  postJobViaApi,
  shoot,
  signUpViaApi,
  uniqueCompanyName,
} from './fixtures';
import { LEIE_OPERATOR_EMAIL } from './operators';

test.describe('exclusion screening', () => {
  test('the operator uploads a small LEIE file, a candidate at Offer is a possible match, the admin clears it, Hired follows', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // A surname no other browser test uses: the list is the platform's, read by every company.
    // Letters only: screening folds names to letters, so a digit would split the surname.
    const unique = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const surname = `Leiecheck${unique}`.toUpperCase();
    const candidateName = `Morgan ${surname.charAt(0)}${surname.slice(1).toLowerCase()}`;
    const companyName = uniqueCompanyName('Screened Clinic');
    const admin = await signUpViaApi(page, {
      name: 'Olu Operator',
      email: LEIE_OPERATOR_EMAIL,
      role: 'companyHR',
      companyType: 'create',
      companyName,
    });
    const companyId = admin.company!.id;

    await page.goto('/company-dashboard');
    await page.getByRole('link', { name: 'Exclusion Screening' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Exclusion screening' })).toBeVisible();

    const row = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
    const csv = [
      LEIE_COLUMNS.join(','),
      row([
        surname,
        'MORGAN',
        'A',
        '',
        'INDIVIDUAL',
        'NURSE',
        '',
        '0000000000',
        '19790412',
        '1 MAIN ST',
        'DENVER',
        'CO',
        '80202',
        '1128a1',
        '20190320',
        '00000000',
        '00000000',
        '',
      ]),
      row([
        '',
        '',
        '',
        'EXCLUDED PHARMACY LLC',
        'PHARMACY',
        '',
        '',
        '',
        '',
        '4 ELM ST',
        'MIAMI',
        'FL',
        '33101',
        '1128b7',
        '20180808',
        '',
        '',
        '',
      ]),
    ].join('\r\n');
    await page
      .getByLabel(/LEIE CSV file/)
      .setInputFiles({ name: 'UPDATED.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and load' }).click();
    await expect(page.getByText('LEIE list loaded: 2 rows')).toBeVisible();
    const state = page.getByRole('definition');
    await expect(state.filter({ hasText: /^2$/ })).toBeVisible();
    await expect(state.filter({ hasText: 'Uploaded file' })).toBeVisible();

    // A candidate applies; the admin moves them to Offer, where they are screened.
    const job = await postJobViaApi(page, companyName, { title: 'Infusion Nurse', location: 'Nashville, TN' });
    const candidatePage = await newPage(browser, baseURL);
    const candidate = await signUpViaApi(candidatePage, { name: candidateName, role: 'jobseeker' });
    expect((await candidatePage.request.post(`/api/jobs/${job.id}/apply`, { data: {} })).status()).toBe(201);
    const tracking = `/api/jobs/${job.id}/tracking/${candidate.user.id}`;
    expect((await page.request.put(tracking, { data: { status: 'Offer' } })).ok()).toBe(true);
    // Hired waits for the decision.
    expect((await page.request.put(tracking, { data: { status: 'Hired' } })).status()).toBe(409);

    await page.reload();
    const review = page.getByRole('article', { name: new RegExp(candidateName) });
    await expect(review.getByText('Possible match — verify', { exact: true })).toBeVisible();
    await expect(review.getByRole('columnheader', { name: 'LEIE line 2' })).toBeVisible();
    await expect(review.getByRole('cell', { name: `MORGAN A ${surname}` })).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'awaiting');

    await review.getByLabel('Cleared: someone else').check();
    await review.getByLabel('How you verified it').fill('OIG online search: different date of birth and state.');
    await review.getByRole('button', { name: 'Record decision' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Record this decision for ${candidateName}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText('Decision recorded')).toBeVisible();
    await expect(page.getByText('Nothing to decide')).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('row', { name: new RegExp(candidateName) })).toContainText('Cleared: someone else');
    await shoot(page, 'decided');

    expect((await page.request.put(tracking, { data: { status: 'Hired' } })).ok()).toBe(true);
    const hired = await page.request.get(`/api/companies/${companyId}/screenings?view=awaiting`);
    expect(((await hired.json()) as { total: number }).total).toBe(0);
  });
});
