import { test, expect, newPage, shoot, signUpCompanyAdmin } from './fixtures';

test.describe('server-rendered public pages', () => {
  test('a job page shows the job before any script runs, then the app takes over without a CSP error', async ({
    browser,
    baseURL,
    page,
  }) => {
    const admin = await signUpCompanyAdmin(page);
    const posted = await page.request.post('/api/jobs', {
      data: {
        title: 'Healthcare Integration Engineer (HL7/FHIR)',
        company: admin.company.name,
        location: 'Boston, MA',
        employmentType: 'full-time',
        description: 'Connect hospital systems over HL7 and FHIR.',
        requirements: 'Three years with interface engines.',
        skills: ['FHIR', 'HL7'],
        salary: '$120k - $150k',
      },
    });
    expect(posted.status()).toBe(201);
    const job = (await posted.json()) as { id: string };

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
