import { COMPANY_CLAIM_MESSAGES as C } from '@referwell/shared';
import {
  axeViolations,
  expect,
  linkInMailTo,
  logInViaUi,
  newPage,
  signUpViaApi,
  test,
  uniqueCompanyName,
  uniqueEmail,
  widerThanTheScreen,
} from './fixtures';
import { CLAIM_OPERATOR_EMAIL } from './operators';

/** The local careers site started next to the app (e2e/fixture-server.mjs). */
const fixtureOrigin = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}`;

test.describe('Claiming a company listed from its job board', () => {
  test('a visitor signs in from "Claim this company", withdraws a mistyped claim, confirms the mailed link, and is its admin once approved (keyboard, 375 px, axe)', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The platform admin lists the company from its careers page: "Not yet on Referwell".
    const operatorPage = await newPage(browser, baseURL);
    await signUpViaApi(operatorPage, { name: 'Cleo Operator', email: CLAIM_OPERATOR_EMAIL, role: 'jobseeker' });
    const companyName = uniqueCompanyName('Claimable Clinic');
    const listed = await operatorPage.request.post('/api/admin/job-sources', {
      data: { url: `${fixtureOrigin}/careers`, companyName },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const { companySlug } = (await listed.json()) as { companySlug: string };

    // Someone who works there, with an account but signed out here.
    const claimant = await signUpViaApi(request, { name: 'Casey Claimant', role: 'jobseeker' });
    await page.goto(`/company/${companySlug}`);
    await page.getByRole('link', { name: C.cta }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=/);
    await logInViaUi(page, claimant.email, claimant.password);
    await expect(page).toHaveURL(`/company/${companySlug}/claim`);
    await expect(page.getByRole('heading', { level: 1, name: C.pageTitle(companyName) })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await widerThanTheScreen(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // A mistyped address: the page keeps showing where the link went, and the claim is withdrawn (asked first) so
    // the right one can be given.
    const typo = uniqueEmail('casey.wrok');
    await page.getByLabel(C.emailLabel).fill(typo);
    await page.getByLabel(C.emailLabel).press('Enter');
    await expect(page.getByText(C.sent(typo))).toBeVisible();
    await page.reload();
    await expect(page.getByText(C.sent(typo))).toBeVisible();
    expect(await widerThanTheScreen(page)).toEqual([]);
    await page.getByRole('button', { name: C.withdraw }).click();
    const dialog = page.getByRole('alertdialog', { name: C.withdrawConfirmTitle });
    await expect(dialog.getByText(C.withdrawConfirm(typo))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: C.withdraw }).press('Enter');
    await expect(page.getByText(C.withdrawn)).toBeVisible();
    await expect(page.getByLabel(C.emailLabel)).toBeFocused();

    const workEmail = uniqueEmail('casey.work');
    await page.getByLabel(C.emailLabel).fill(workEmail);
    await page.getByLabel(C.emailLabel).press('Enter');
    await expect(page.getByText(C.sent(workEmail))).toBeVisible();

    // The withdrawn claim's link no longer works.
    await page.goto(await linkInMailTo(typo, '/claim-company'));
    await expect(page.getByText(C.linkInvalid)).toBeVisible();

    // The link mailed to the work address: its domain is not the company's, so the claim waits for a check.
    await page.goto(await linkInMailTo(workEmail, '/claim-company'));
    await expect(page.getByText(C.pending(companyName))).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Back on the claim page, the claim shows as waiting for a check.
    await page.goto(`/company/${companySlug}/claim`);
    await expect(page.getByText(C.yourClaimPending(workEmail))).toBeVisible();
    await expect(page.getByRole('button', { name: C.withdraw })).toBeVisible();

    // The platform admin approves it from the keyboard, on Platform › Job sources.
    await operatorPage.goto('/admin/job-sources');
    const approve = operatorPage.getByRole('button', { name: `${C.approve}: Casey Claimant, ${companyName}` });
    // At 375 px the list and the boards' table (scrolled inside its card) fit the screen.
    await operatorPage.setViewportSize({ width: 375, height: 740 });
    await expect(approve).toBeVisible();
    expect(await widerThanTheScreen(operatorPage)).toEqual([]);
    await approve.focus();
    await approve.press('Enter');
    // It asks first, saying what approving grants; Cancel has the focus, Tab then Enter approves.
    const approval = operatorPage.getByRole('alertdialog', {
      name: C.approveConfirmTitle('Casey Claimant', companyName),
    });
    await expect(approval).toContainText(C.approveConfirm(workEmail, companyName));
    expect(await axeViolations(operatorPage)).toEqual([]);
    await operatorPage.keyboard.press('Tab');
    await expect(approval.getByRole('button', { name: C.approve })).toBeFocused();
    await operatorPage.keyboard.press('Enter');
    await expect(operatorPage.getByText(C.approved('Casey Claimant', companyName))).toBeVisible();
    expect(await axeViolations(operatorPage)).toEqual([]);
    await operatorPage.close();

    // The claimant is the company's admin, and its page no longer offers the claim.
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      company: { slug: string; role: string } | null;
    };
    expect(session.company).toMatchObject({ slug: companySlug, role: 'companyAdmin' });
    await page.goto(`/company/${companySlug}`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByRole('link', { name: C.cta })).toHaveCount(0);
  });
});
