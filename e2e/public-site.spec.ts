import { type Page } from '@playwright/test';
import { expect, test, widerThanTheScreen } from './fixtures';

/*
 * The public marketing and content pages (SPEC §2): How it works, Beta program, the /join landing
 * page, Resources and its articles, and the product demo on the home page.
 */

const pages = [
  { path: '/', h1: 'Get hired through the people who already work there' },
  { path: '/how-it-works', h1: 'How Referwell works for job seekers' },
  { path: '/how-it-works-companies', h1: 'How Referwell works for companies' },
  { path: '/how-it-works-referrers', h1: 'How Referwell works for referrers' },
  { path: '/beta-program-companies', h1: 'Beta Program for Healthcare Companies' },
  { path: '/beta-program-job-seekers', h1: 'Beta Program for Job Seekers' },
  { path: '/join', h1: 'Join Referwell' },
  { path: '/resources', h1: 'Resources' },
  { path: '/resources/companies', h1: 'Company Resources' },
  { path: '/resources/job-seekers', h1: 'Job Seeker Resources' },
];

const companyArticles = {
  'hiring-best-practices': 'Hiring Best Practices for Healthcare Technology Companies',
  'interview-guides': 'Structured Interview Guides for Health Tech Teams',
  'job-description-templates': 'Job Description Templates for Healthcare Technology Roles',
  'candidate-assessment': 'Assessing Candidates Fairly and Effectively',
  'employee-onboarding': 'Onboarding New Hires in Healthcare Technology',
  'performance-management': 'Performance Management That Helps People Grow',
  'team-building': 'Building High-Trust Health Tech Teams',
  'hr-policies': 'Essential HR Policies for Health Tech Companies',
};

const jobSeekerArticles = {
  'personal-branding': 'Personal Branding for Healthcare Technology Professionals',
  'networking-strategies': 'Networking Strategies That Lead to Referrals',
  'interview-preparation': 'Interview Preparation for Healthcare Technology Roles',
  'resume-writing': 'Resume Writing for Healthcare Technology Careers',
};

const main = (page: Page) => page.getByRole('main');

/** Every link in the page content with this name points to `href`, and there is at least one. */
async function expectLinksTo(page: Page, name: string, href: string) {
  const links = main(page).getByRole('link', { name, exact: true });
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', href);
}

/** Answers requests to other sites locally, so links that open them can be followed offline. */
async function stubOtherSites(page: Page) {
  await page
    .context()
    .route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>stub</title>' }),
    );
}

test.describe('public pages', () => {
  for (const { path, h1 } of pages) {
    test(`${path} has one h1 and fits a 375 px screen`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await widerThanTheScreen(page)).toEqual([]);
    });
  }
});

test.describe('home', () => {
  test('keeps the hero, benefits and closing call to action', async ({ page }) => {
    await page.goto('/');
    await expectLinksTo(page, 'Join Waitlist', '/waitlist');
    await expectLinksTo(page, 'Learn More about how Referwell works', '/how-it-works');
    await expectLinksTo(page, 'Log in', '/login');
    for (const name of ['Expand Your Network', 'Fast-Track Your Career', 'Win-Win Outcomes']) {
      await expect(page.getByRole('heading', { name })).toBeVisible();
    }
  });

  test('the product demo can be stepped through with the keyboard', async ({ page }) => {
    await page.goto('/');
    const demo = page.getByRole('region', { name: 'See a referral in action' });
    const status = demo.getByRole('status');
    await expect(status).toHaveText(/Step 1 of 4/);

    await demo.getByRole('tab', { name: 'Step 1: Find a job' }).focus();
    await page.keyboard.press('ArrowRight');
    const second = demo.getByRole('tab', { name: 'Step 2: Ask for a referral' });
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(second).toBeFocused();
    await expect(status).toHaveText(/Step 2 of 4/);
    await expect(demo.getByRole('heading', { name: 'They ask an employee for a referral' })).toBeVisible();

    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText(/Step 3 of 4/);

    // Tab leaves the step tabs for the step's panel, then Previous, then Next.
    await page.keyboard.press('Tab');
    await expect(demo.getByRole('tabpanel')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(demo.getByRole('button', { name: 'Previous' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(demo.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/Step 4 of 4/);
    await expect(demo.getByRole('heading', { name: 'The company hires and pays the bonus' })).toBeVisible();
    const startOver = demo.getByRole('button', { name: 'Start over' });
    await expect(startOver).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(/Step 1 of 4/);

    const previous = demo.getByRole('button', { name: 'Previous' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await demo.getByRole('button', { name: 'Next' }).press('Space');
    await expect(previous).toHaveAttribute('aria-disabled', 'false');
    await previous.press('Enter');
    await expect(status).toHaveText(/Step 1 of 4/);
  });

  test('the demo loads nothing from other sites', async ({ page, baseURL }) => {
    const ownOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    const external: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && new URL(url).origin !== ownOrigin) external.push(url);
    });
    await page.goto('/');
    const demo = page.getByRole('region', { name: 'See a referral in action' });
    await expect(demo.getByRole('tab')).toHaveCount(4);
    for (const step of await demo.getByRole('tab').all()) await step.click();
    await expect(demo.getByRole('status')).toHaveText(/Step 4 of 4/);
    expect(external).toEqual([]);
  });
});

test.describe('how it works', () => {
  test('for job seekers: steps, Always Free, links and share links to this page', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(main(page).getByText(/^Step [1-4]$/)).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Always Free' })).toBeVisible();
    await expectLinksTo(page, 'Join Waitlist', '/waitlist');
    await expectLinksTo(page, 'Search Jobs', '/search-jobs');

    const pageUrl = encodeURIComponent(page.url());
    const shares = {
      'Share on LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
      'Share on Bluesky': 'https://bsky.app/intent/compose?text=',
      'Share on Threads': 'https://www.threads.net/intent/post?text=',
    };
    for (const [name, prefix] of Object.entries(shares)) {
      const link = page.getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // The page's own address is filled in right after hydration.
      await expect.poll(async () => (await link.getAttribute('href')) ?? '').toContain(pageUrl);
      const href = (await link.getAttribute('href')) ?? '';
      expect(href.startsWith(prefix)).toBe(true);
    }

    await stubOtherSites(page);
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Share on LinkedIn' }).click();
    const tab = await popup;
    expect(tab.url()).toBe(shares['Share on LinkedIn']);
    await expect(page).toHaveURL(/\/how-it-works$/);
  });

  test('for companies: steps, pricing and links to the waitlist and candidate search', async ({ page }) => {
    await page.goto('/how-it-works-companies');
    await expect(main(page).getByText(/^Step [1-4]$/)).toHaveCount(4);
    await expect(main(page).getByText('$500', { exact: true })).toBeVisible();
    await expect(main(page).getByText('$10,000', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Monthly Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enterprise License' })).toBeVisible();
    await expect(page.getByText('Unlimited referrer seats')).toBeVisible();
    await expect(page.getByText('ATS integrations')).toBeVisible();
    await expectLinksTo(page, 'Join Waitlist', '/waitlist');
    await expectLinksTo(page, 'Search Candidates', '/search-candidates');
  });

  test('for referrers: steps, the bonus explainer and links to the waitlist and jobs', async ({ page }) => {
    await page.goto('/how-it-works-referrers');
    await expect(main(page).getByText(/^Step [1-4]$/)).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'How the referral bonus works' })).toBeVisible();
    await expectLinksTo(page, 'Join Waitlist', '/waitlist');
    await expectLinksTo(page, 'See Open Jobs', '/search-jobs');
  });
});

test.describe('beta program', () => {
  test('for companies: terms, requirements and a call booking link', async ({ page }) => {
    await page.goto('/beta-program-companies');
    await expect(page.getByRole('heading', { name: '6 months at $500/month' })).toBeVisible();
    await expect(page.getByText(/full-year contract/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plan at least 1 hire in the next 6 months' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Offer an employee referral bonus' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Set success metrics beforehand' })).toBeVisible();
    // The link goes where the server's BOOKING_URL says (its <meta name="rw-booking-url">), else the waitlist.
    const meta = page.locator('meta[name="rw-booking-url"]');
    const configured = (await meta.count()) > 0 ? await meta.getAttribute('content') : null;
    const expected = configured ? new URL(configured).href : '/waitlist';
    const booking = main(page).getByRole('link', { name: 'Book a 30-minute call' });
    await expect(booking).toHaveCount(2);
    for (const link of await booking.all()) await expect(link).toHaveAttribute('href', expected);
  });

  test('for job seekers: invite-only, free, the criteria and the waitlist', async ({ page }) => {
    await page.goto('/beta-program-job-seekers');
    await expect(page.getByRole('heading', { name: 'Invite-only' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2+ years of experience' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to move within 6 months' })).toBeVisible();
    await expectLinksTo(page, 'Join Waitlist', '/waitlist');
  });
});

test('the /join landing page has its feature cards, waitlist button and one footer', async ({ page }) => {
  await page.goto('/join');
  await expectLinksTo(page, 'Join Waitlist', '/waitlist');
  for (const name of ['Candidate Network', 'Company Opportunities', 'Employee Endorsements']) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await expect(page.getByText(/©/)).toHaveCount(1);
});

test.describe('resources', () => {
  test('the hub leads to company and job seeker resources', async ({ page }) => {
    await page.goto('/resources');
    await main(page).getByRole('link', { name: 'Company Resources' }).click();
    await expect(page).toHaveURL(/\/resources\/companies$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Company Resources');
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    await main(page).getByRole('link', { name: 'Job Seeker Resources' }).click();
    await expect(page).toHaveURL(/\/resources\/job-seekers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Seeker Resources');
  });

  test('company resources list the 8 articles', async ({ page }) => {
    await page.goto('/resources/companies');
    for (const [slug, title] of Object.entries(companyArticles)) {
      await expect(main(page).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/resources/companies/articles/${slug}`,
      );
    }
  });

  test('job seeker resources list the 4 articles and 3 assessments that open in a new tab', async ({ page }) => {
    await page.goto('/resources/job-seekers');
    for (const [slug, title] of Object.entries(jobSeekerArticles)) {
      await expect(main(page).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        `/resources/job-seekers/articles/${slug}`,
      );
    }
    const assessments = main(page).getByRole('link', { name: /^Take the .* test$/ });
    await expect(assessments).toHaveCount(3);
    for (const link of await assessments.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }

    await stubOtherSites(page);
    const popup = page.waitForEvent('popup');
    await main(page).getByRole('link', { name: 'Take the 16Personalities test' }).click();
    expect((await popup).url()).toBe('https://www.16personalities.com/free-personality-test');
  });

  const articleCases = [
    ...Object.entries(companyArticles).map(([slug, title]) => ({
      path: `/resources/companies/articles/${slug}`,
      title,
      back: 'Back to Company Resources',
      backTo: /\/resources\/companies$/,
    })),
    ...Object.entries(jobSeekerArticles).map(([slug, title]) => ({
      path: `/resources/job-seekers/articles/${slug}`,
      title,
      back: 'Back to Job Seeker Resources',
      backTo: /\/resources\/job-seekers$/,
    })),
  ];

  for (const { path, title, back, backTo } of articleCases) {
    test(`article ${path} shows its title and a working back link`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 2, name: 'Conclusion' })).toBeVisible();
      for (const link of await page.getByRole('article').getByRole('link').all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      await page.getByRole('link', { name: back }).click();
      await expect(page).toHaveURL(backTo);
    });
  }

  test('an unknown article slug shows the 404 page', async ({ page }) => {
    await page.goto('/resources/job-seekers/articles/no-such-article');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});

test.describe('prerendered and indexable', () => {
  test('fetching /how-it-works without a browser returns its heading and head tags in the HTML', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/how-it-works');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>[^<]*How Referwell works for job seekers/);
    expect(html).toContain('<title>How it works for job seekers · Referwell</title>');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/how-it-works" />`);
    expect(html).toContain('<meta property="og:title" content="How it works for job seekers · Referwell" />');
    expect(html).not.toMatch(/<script(?![^>]*type="module")[^>]*>/); // no inline scripts: the CSP holds
  });

  test('every page in the sitemap is served as HTML with one h1 and its own title', async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(23);
    // Pages of the site have titles of their own; two jobs may share a title ("Registered Nurse at …").
    const titles = new Set<string>();
    const sitePages = urls.filter((url) => !new URL(url).pathname.startsWith('/job/'));
    for (const url of urls) {
      expect(url.startsWith(baseURL!)).toBe(true);
      const html = await (await request.get(url)).text();
      expect(html.match(/<h1[\s>]/g), url).toHaveLength(1);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, url).toBeTruthy();
      if (sitePages.includes(url)) titles.add(title!);
    }
    expect(titles.size).toBe(sitePages.length);
  });

  test('robots.txt allows the site, keeps crawlers out of the API and names the sitemap', async ({
    request,
    baseURL,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
