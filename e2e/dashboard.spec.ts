import {
  test,
  expect,
  inviteCodeOf,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
  uniqueCompanyName,
} from './fixtures';

const uniqueSkill = () => `Skill${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('dashboards with real figures', () => {
  test('a job seeker sees jobs matching their skills with a percent-match badge, and what they applied to', async ({
    page,
    browser,
  }) => {
    const skill = uniqueSkill();
    const companyContext = await browser.newContext();
    const company = await companyContext.newPage();
    await signUpCompanyAdmin(company);
    const post = (title: string, skills: string[]) =>
      postJobViaApi(company, 'Dashboard Clinic', {
        title,
        location: 'Remote',
        description: 'Care coordination software.',
        requirements: 'Experience with clinical data.',
        skills,
      });
    const matching = await post(`Matching ${skill} Engineer`, [skill, 'FHIR']);
    const applied = await post(`Applied ${skill} Analyst`, ['SQL']);

    await signUpViaApi(page, { name: 'Dashboard Seeker', role: 'jobseeker' });
    const saved = await page.request.put('/api/talent/profile', {
      data: { name: 'Dashboard Seeker', skills: [skill, 'fhir'] },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    expect((await page.request.post(`/api/jobs/${applied.id}/apply`)).ok()).toBe(true);

    await page.goto('/jobseeker-dashboard');
    const recommended = page
      .getByRole('heading', { name: 'Recommended jobs' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    const matchingItem = recommended.getByRole('listitem').filter({ hasText: matching.title });
    await expect(matchingItem).toBeVisible();
    await expect(matchingItem.getByText('100% match')).toBeVisible();
    const mine = page.getByRole('list', { name: 'Your applications and referrals' });
    await expect(mine.getByRole('link', { name: new RegExp(applied.title) })).toContainText('You applied');
    await expect(page.getByText("You haven't requested any referrals yet.")).toBeVisible();
    await companyContext.close();
  });

  test("a referrer's totals and bonuses come from their referrals", async ({ page, browser }) => {
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    const admin = await signUpCompanyAdmin(adminPage, uniqueCompanyName('Bonus Clinic'));
    const inviteCode = await inviteCodeOf(adminPage.request, admin.company.id);
    await signUpViaApi(page, { name: 'Robin Referrer', role: 'referrer', inviteCode });
    const seekerContext = await browser.newContext();
    const seekerPage = await seekerContext.newPage();
    const seeker = await signUpViaApi(seekerPage, { name: 'Hired Person', role: 'jobseeker' });

    const job = await postJobViaApi(page, admin.company.name, {
      title: 'Interface Analyst',
      location: 'Remote',
      description: 'HL7 interfaces.',
      requirements: 'HL7.',
      skills: ['HL7'],
      referralBonusAmount: 2400,
      referralBonusCurrency: 'USD',
    });
    const referral = await (
      await page.request.post('/api/referrals', { data: { talentId: seeker.user.id, jobId: job.id } })
    ).json();
    // The company handles a referral once its candidate confirmed it.
    const confirmed = await seekerPage.request.post(`/api/referrals/${referral.id}/consent`, {
      data: { decision: 'confirm' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    // Started long enough ago for the bonus to be payable now (a hire without a start date counts from today).
    const completed = await adminPage.request.patch(`/api/referrals/${referral.id}/status`, {
      data: { status: 'completed', startDate: '2026-01-05' },
    });
    expect(completed.ok(), await completed.text()).toBe(true);

    await page.goto('/referrer-dashboard');
    const totals = page.getByRole('region', { name: 'Your referrals' });
    await expect(totals.getByText('Total referrals')).toBeVisible();
    await expect(totals.locator('div', { hasText: 'Bonuses due' }).last()).toContainText('$2,400');
    await expect(page.getByRole('link', { name: 'Hired Person' })).toBeVisible();

    expect((await adminPage.request.post(`/api/referrals/${referral.id}/bonus-paid`, { data: {} })).ok()).toBe(true);
    await page.reload();
    await expect(totals.locator('div', { hasText: 'Bonuses paid' }).last()).toContainText('$2,400');
    await adminContext.close();
    await seekerContext.close();
  });
});
