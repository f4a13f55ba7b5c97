import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { ARTICLE_TEASERS, articlePath, loadArticleBody, type Article } from './articles';
import type { RouteMetaHandle } from '@/lib/page-meta';
import { contentRoutes, publicContentPaths } from './routes';

/** Every article whole: its card and its text module. */
const articles: Article[] = await Promise.all(
  ARTICLE_TEASERS.map(async (teaser) => ({ ...teaser, ...(await loadArticleBody(teaser.category, teaser.slug)) })),
);

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

function renderPath(path: string) {
  const routes: RouteObject[] = [
    {
      path: '/',
      Component: Layout,
      HydrateFallback: () => null,
      children: [...contentRoutes, { path: '*', Component: NotFoundPage }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function h1() {
  const heading = await screen.findByRole('heading', { level: 1 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  return heading;
}

const main = () => screen.getByRole('main');
const hrefsOf = (name: string | RegExp) =>
  within(main())
    .getAllByRole('link', { name })
    .map((link) => link.getAttribute('href'));

const STATIC_PATHS = [
  '/how-it-works',
  '/how-it-works-companies',
  '/how-it-works-referrers',
  '/beta-program-companies',
  '/beta-program-job-seekers',
  '/join',
  '/resources',
  '/resources/companies',
  '/resources/job-seekers',
];

afterEach(() => {
  document.head.querySelectorAll('meta[name="rw-booking-url"]').forEach((tag) => tag.remove());
});

describe('contentRoutes', () => {
  it('lists every public content path, each article included, once', () => {
    const paths = publicContentPaths();
    expect(paths).toEqual([...STATIC_PATHS, ...articles.map((a) => articlePath(a.category, a.slug))]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(21);
  });

  it('gives every route a lazily loaded component and metadata in its handle', async () => {
    for (const route of contentRoutes) {
      expect(typeof route.lazy).toBe('function');
      const loaded = await (route.lazy as () => Promise<Pick<RouteObject, 'Component' | 'handle'>>)();
      expect(loaded.Component, route.path).toBeTypeOf('function');
      const handle = loaded.handle as RouteMetaHandle;
      expect(handle.meta?.title.length, route.path).toBeGreaterThan(3);
      expect(handle.meta?.description.length, route.path).toBeGreaterThan(50);
    }
  });

  it("gives each article its own route, with its card's title and description as metadata", async () => {
    const route = contentRoutes.find((r) => r.path === 'resources/companies/articles/hr-policies');
    const loaded = await (route?.lazy as () => Promise<{ handle: RouteMetaHandle }>)();
    expect(loaded.handle.meta).toEqual({
      title: 'Essential HR Policies for Health Tech Companies',
      description: expect.stringContaining('referral program'),
    });
    expect(contentRoutes.filter((r) => r.path?.includes('/articles/'))).toHaveLength(12);
  });

  it.each(STATIC_PATHS)('%s renders exactly one h1', async (path) => {
    renderPath(path);
    expect((await h1()).textContent).not.toBe('');
  });
});

describe('How it works pages', () => {
  it('for job seekers: four steps, Always Free, share links and links to the waitlist and job search', async () => {
    renderPath('/how-it-works');
    expect(await h1()).toHaveTextContent('How Referwell works for job seekers');
    expect(screen.getAllByText(/^Step [1-4]$/)).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Always Free' })).toBeInTheDocument();
    expect(hrefsOf('Join Waitlist')).toContain('/waitlist');
    expect(hrefsOf('Search Jobs')).toContain('/search-jobs');

    const pageUrl = encodeURIComponent(`${window.location.origin}/how-it-works`);
    const expected = {
      'Share on LinkedIn': `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
      'Share on Bluesky': 'https://bsky.app/intent/compose?text=',
      'Share on Threads': 'https://www.threads.net/intent/post?text=',
    };
    for (const [name, prefix] of Object.entries(expected)) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleDescription('(opens in a new tab)');
      expect(link.getAttribute('href')?.startsWith(prefix)).toBe(true);
      expect(link.getAttribute('href')).toContain(pageUrl);
    }
  });

  it('for companies: four steps, both plans with their prices and inclusions, and the SPEC links', async () => {
    renderPath('/how-it-works-companies');
    expect(await h1()).toHaveTextContent('How Referwell works for companies');
    expect(screen.getAllByText(/^Step [1-4]$/)).toHaveLength(4);
    expect(screen.getByText('$500')).toBeInTheDocument();
    expect(screen.getByText('$10,000')).toBeInTheDocument();
    expect(screen.getByText('per month')).toBeInTheDocument();
    expect(screen.getByText('per year')).toBeInTheDocument();
    const monthly = within(screen.getByRole('list', { name: 'Monthly Access includes' }));
    for (const item of [
      'Unlimited referrer seats',
      'Full access to the job seeker pool',
      'Company profile customization',
      'Referral tracking dashboard',
      'Bonus management',
    ]) {
      expect(monthly.getByText(item)).toBeInTheDocument();
    }
    const enterprise = within(screen.getByRole('list', { name: 'Enterprise License includes' }));
    for (const item of [
      'Dedicated talent portal',
      'Custom branded platform',
      'White-label',
      'Priority support',
      'Advanced analytics',
      'ATS integrations',
    ]) {
      expect(enterprise.getByText(item)).toBeInTheDocument();
    }
    expect(hrefsOf('Join Waitlist')).toContain('/waitlist');
    expect(hrefsOf('Search Candidates')).toContain('/search-candidates');
    // Each plan leads to the billing page with that plan picked, where an admin starts its checkout.
    expect(hrefsOf('Choose Monthly Access')).toEqual(['/company-dashboard/billing?plan=monthly']);
    expect(hrefsOf('Choose Enterprise License')).toEqual(['/company-dashboard/billing?plan=enterprise']);
    expect(screen.getByRole('link', { name: /Join the beta program/ })).toHaveAttribute(
      'href',
      '/beta-program-companies',
    );
  });

  it('for referrers: four steps, the bonus explainer and links to the waitlist and jobs', async () => {
    renderPath('/how-it-works-referrers');
    expect(await h1()).toHaveTextContent('How Referwell works for referrers');
    expect(screen.getAllByText(/^Step [1-4]$/)).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 2, name: 'How the referral bonus works' })).toBeInTheDocument();
    expect(hrefsOf('Join Waitlist')).toContain('/waitlist');
    expect(hrefsOf('See Open Jobs')).toContain('/search-jobs');
  });
});

describe('Beta program pages', () => {
  it('for companies: terms, requirements and a booking link that defaults to the waitlist', async () => {
    renderPath('/beta-program-companies');
    expect(await h1()).toHaveTextContent('Beta Program for Healthcare Companies');
    expect(screen.getByRole('heading', { name: '6 months at $500/month' })).toBeInTheDocument();
    expect(screen.getByText(/full-year contract/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Plan at least 1 hire in the next 6 months' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Offer an employee referral bonus' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set success metrics beforehand' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Book a 30-minute call' })) {
      expect(link).toHaveAttribute('href', '/waitlist');
      expect(link).not.toHaveAttribute('target');
    }
  });

  it('for companies: the booking link uses the rw-booking-url meta tag and opens in a new tab', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="rw-booking-url" content="https://cal.example.com/referwell/30min">',
    );
    renderPath('/beta-program-companies');
    await h1();
    const links = screen.getAllByRole('link', { name: 'Book a 30-minute call' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute('href', 'https://cal.example.com/referwell/30min');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('for companies: an unsafe booking URL falls back to the waitlist', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="rw-booking-url" content=" JaVaScRiPt:alert(1)">');
    renderPath('/beta-program-companies');
    await h1();
    for (const link of screen.getAllByRole('link', { name: 'Book a 30-minute call' })) {
      expect(link).toHaveAttribute('href', '/waitlist');
    }
  });

  it('for job seekers: invite-only, free, the criteria and the waitlist', async () => {
    renderPath('/beta-program-job-seekers');
    expect(await h1()).toHaveTextContent('Beta Program for Job Seekers');
    expect(screen.getByRole('heading', { name: 'Invite-only' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Healthcare professionals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2+ years of experience' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ready to move within 6 months' })).toBeInTheDocument();
    expect(hrefsOf('Join Waitlist')).toContain('/waitlist');
  });
});

describe('Landing page', () => {
  it('shows the headline, the waitlist button, three feature cards and the powered-by note', async () => {
    renderPath('/join');
    expect(await h1()).toHaveTextContent('Join Referwell');
    expect(hrefsOf('Join Waitlist')).toEqual(['/waitlist']);
    for (const name of ['Candidate Network', 'Company Opportunities', 'Employee Endorsements']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    // The site footer is the page's only footer: the page adds no second copyright line of its own.
    expect(screen.queryByText(/©/)).not.toBeInTheDocument();
  });
});

describe('Resources', () => {
  it('leads to the company and job seeker resources', async () => {
    renderPath('/resources');
    expect(await h1()).toHaveTextContent('Resources');
    expect(screen.getByRole('link', { name: 'Company Resources' })).toHaveAttribute('href', '/resources/companies');
    expect(screen.getByRole('link', { name: 'Job Seeker Resources' })).toHaveAttribute(
      'href',
      '/resources/job-seekers',
    );
  });

  it('lists the 8 company articles', async () => {
    renderPath('/resources/companies');
    expect(await h1()).toHaveTextContent('Company Resources');
    for (const article of articles.filter((a) => a.category === 'companies')) {
      expect(screen.getByRole('link', { name: article.title })).toHaveAttribute(
        'href',
        `/resources/companies/articles/${article.slug}`,
      );
    }
    expect(
      screen.getAllByRole('link', { name: /./ }).filter((l) => l.getAttribute('href')?.includes('/articles/')),
    ).toHaveLength(8);
  });

  it('lists the 4 job seeker articles and three assessments that open in a new tab', async () => {
    renderPath('/resources/job-seekers');
    expect(await h1()).toHaveTextContent('Job Seeker Resources');
    for (const article of articles.filter((a) => a.category === 'job-seekers')) {
      expect(screen.getByRole('link', { name: article.title })).toHaveAttribute(
        'href',
        `/resources/job-seekers/articles/${article.slug}`,
      );
    }
    const assessments = screen.getAllByRole('link', { name: /^Take the .* test$/ });
    expect(assessments.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.16personalities.com/free-personality-test',
      'https://www.truity.com/test/enneagram-personality-test',
      'https://www.gallup.com/cliftonstrengths/en/home.aspx',
    ]);
    for (const link of assessments) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('Article page', () => {
  it.each(articles.map((a) => [articlePath(a.category, a.slug), a] as const))('%s', async (path, article) => {
    renderPath(path);
    expect(await h1()).toHaveTextContent(article.title);
    const back =
      article.category === 'companies'
        ? { name: 'Back to Company Resources', href: '/resources/companies' }
        : { name: 'Back to Job Seeker Resources', href: '/resources/job-seekers' };
    expect(screen.getByRole('link', { name: back.name })).toHaveAttribute('href', back.href);
    expect(screen.getByText(article.badge, { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(screen.getByText(article.description)).toBeInTheDocument();
    const articleElement = within(screen.getByRole('article'));
    for (const section of article.sections) {
      expect(articleElement.getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
    }
    for (const card of article.cards ?? []) {
      expect(articleElement.getByRole('heading', { level: 3, name: card.title })).toBeInTheDocument();
    }
    expect(articleElement.getByRole('heading', { level: 2, name: 'Conclusion' })).toBeInTheDocument();
    for (const link of articleElement.queryAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('renders the 404 page for an unknown slug', async () => {
    renderPath('/resources/job-seekers/articles/no-such-article');
    expect(await h1()).toHaveTextContent('Oops! Page not found');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('renders the 404 page for an article slug from the other category', async () => {
    renderPath('/resources/companies/articles/personal-branding');
    expect(await h1()).toHaveTextContent('Oops! Page not found');
  });
});
