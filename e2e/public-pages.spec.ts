import {
  expect,
  finishSignupViaUi,
  hydrated,
  inviteCodeOf,
  newPage,
  PASSWORD,
  postJobViaApi,
  shoot,
  signUpCompanyAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

test.describe('server-rendered public pages', () => {
  test('a job page shows the job before any script runs, then the app takes over without a CSP error', async ({
    browser,
    baseURL,
    page,
  }) => {
    test.slow(); // three people in three browsers
    const admin = await signUpCompanyAdmin(page);
    const job = await postJobViaApi(page, admin.company.name, {
      title: 'Healthcare Integration Engineer (HL7/FHIR)',
      location: 'Boston, MA',
      description: 'Connect hospital systems over HL7 and FHIR.',
      requirements: 'Three years with interface engines.',
      skills: ['FHIR', 'HL7'],
      salary: '$120k - $150k',
    });

    // What a crawler or a link preview sees: the first response, no JavaScript.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const crawler = await noScript.newPage();
    const response = await crawler.goto(`/job/${job.id}`);
    expect(response?.status()).toBe(200);
    await expect(crawler).toHaveTitle(
      `Healthcare Integration Engineer (HL7/FHIR) at ${admin.company.name} · Referwell`,
    );
    await expect(crawler.getByRole('heading', { level: 1 })).toHaveText('Healthcare Integration Engineer (HL7/FHIR)');
    await expect(crawler.getByText('Connect hospital systems over HL7 and FHIR.')).toBeVisible();
    await expect(crawler.getByRole('link', { name: admin.company.name })).toBeVisible();
    await noScript.close();

    // A visitor: the app replaces the server's markup with the full page, no spinner in between, no CSP report.
    const visitor = await newPage(browser, baseURL);
    const problems: string[] = [];
    visitor.on('console', (message) => {
      // The 404 page's own status (and the app asking the API about that job) are expected; anything else is not.
      if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
    });
    await visitor.goto(`/job/${job.id}`);
    await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Healthcare Integration Engineer (HL7/FHIR)');
    await expect(visitor.getByRole('link', { name: 'Apply Now' })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Requirements' })).toBeVisible();
    await shoot(visitor, 'job');
    expect(problems).toEqual([]);

    // The company page, the same way; an unknown job is a real 404.
    const company = await visitor.goto(`/company/${admin.company.slug}`);
    expect(company?.status()).toBe(200);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(admin.company.name);
    await expect(
      visitor.getByRole('link', { name: 'Healthcare Integration Engineer (HL7/FHIR)', exact: true }),
    ).toBeVisible();
    await expect(visitor).toHaveTitle(`${admin.company.name} careers · Referwell`);
    const missing = await visitor.goto('/job/6b1f3c1e-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'Job not found' })).toBeVisible();
    expect(problems).toEqual([]);
    await visitor.context().close();
  });
});

test.describe('share a job', () => {
  test('a job seeker who signs up and applies through a referrer’s shared link is referred by them', async ({
    browser,
    baseURL,
    page,
  }) => {
    const admin = await signUpCompanyAdmin(page);
    const job = await postJobViaApi(page, admin.company.name, {
      title: 'Interface Analyst',
      description: 'Keep the hospital interfaces flowing.',
      requirements: 'HL7 v2.',
      skills: ['HL7'],
      referralBonusAmount: 1500,
    });

    // A referrer of the company copies the job's link: it carries their referral code.
    const referrerContext = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
    const referrer = await referrerContext.newPage();
    await signUpViaApi(referrer, {
      name: 'Rae Referrer',
      role: 'referrer',
      inviteCode: await inviteCodeOf(page.request, admin.company.id),
    });
    await referrer.goto(`/job/${job.id}`);
    await expect(referrer.getByText('Your link carries your referral code.')).toBeVisible();
    await expect(referrer.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=.+ref%3DREF/,
    );
    await expect(referrer.getByRole('link', { name: /E-mail/ })).toHaveAttribute('href', /^mailto:\?subject=Interface/);
    await referrer.getByRole('button', { name: 'Copy link' }).click();
    await expect(referrer.getByText('Link copied')).toBeVisible();
    await shoot(referrer, 'share');
    const shared = await referrer.evaluate(() => navigator.clipboard.readText());
    expect(shared).toMatch(new RegExp(`/job/${job.id}\\?ref=REF[A-Z0-9]{8}$`));
    await referrerContext.close();

    // A job seeker opens the link, signs up, comes back to the job and applies.
    const seeker = await newPage(browser, baseURL);
    const { pathname, search } = new URL(shared);
    await seeker.goto(`${pathname}${search}`);
    await expect(seeker.getByRole('heading', { level: 1 })).toHaveText('Interface Analyst');
    await seeker.goto('/signup?role=jobseeker');
    await hydrated(seeker);
    await seeker.getByLabel('Full name').fill('Sam Seeker');
    const samEmail = uniqueEmail('sam');
    await seeker.getByLabel('Email').fill(samEmail);
    await seeker.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await seeker.getByRole('button', { name: 'Create Account' }).click();
    await finishSignupViaUi(seeker, samEmail);
    await expect(seeker.getByText('Account created successfully!')).toBeVisible();
    await seeker.goto(`/job/${job.id}`);
    await seeker.getByRole('button', { name: 'Apply Now' }).click();
    await seeker
      .getByRole('dialog', { name: 'Apply for Interface Analyst?' })
      .getByRole('button', { name: 'Submit Application' })
      .click();
    await expect(seeker.getByText('Application Submitted')).toBeVisible();
    await seeker.context().close();

    // The company sees who referred the applicant.
    await page.goto(`/job/${job.id}`);
    await expect(page.getByText('Referred by Rae Referrer').first()).toBeVisible();
  });
});
