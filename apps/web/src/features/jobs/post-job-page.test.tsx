import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_IMPORT_MESSAGES, type SessionResponse } from '@referwell/shared';
import { renderRoutes } from '@/test/render';
import { EXAMPLE_IMPORT_URL } from './import-job-form';
import { PostJobPage } from './post-job-page';

const adminSession: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'avery@example.com',
    type: 'referrer',
    avatarUrl: null,
    referralCode: null,
  },
  company: { id: '00000000-0000-4000-8000-000000000002', name: 'Northwind', slug: 'northwind', role: 'companyAdmin' },
  prelaunch: false,
};

afterEach(() => vi.unstubAllGlobals());

// The import and crawl endpoints themselves are covered by the server tests and the browser suite (e2e/jobs.spec.ts);
// here: the client-side URL checks, which must not send anything.
describe('Post a New Job: URL checks before importing', () => {
  it.each([
    ['', JOB_IMPORT_MESSAGES.urlRequired],
    ['careers page', JOB_IMPORT_MESSAGES.urlInvalid],
    ['ftp://example.com/job', JOB_IMPORT_MESSAGES.urlInvalid],
  ])('Import with %j shows "%s" and sends nothing', async (value, message) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes([{ path: '/post-job', element: <PostJobPage /> }], { path: '/post-job', session: adminSession });
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    if (value) await user.type(screen.getByLabelText('Job posting URL'), value);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the careers-site search checks its URL the same way', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes([{ path: '/post-job', element: <PostJobPage /> }], { path: '/post-job', session: adminSession });
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    expect(screen.getByRole('heading', { name: 'Import all open roles from your careers site' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find Jobs' }));
    expect(await screen.findAllByText(JOB_IMPORT_MESSAGES.urlRequired)).not.toHaveLength(0);
    await user.type(screen.getByLabelText('Careers site URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Find Jobs' }));
    expect(await screen.findAllByText(JOB_IMPORT_MESSAGES.urlInvalid)).not.toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('Try example URL fills a sample careers URL', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/post-job', element: <PostJobPage /> }], { path: '/post-job', session: adminSession });
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    await user.click(screen.getByRole('button', { name: 'Try example URL' }));
    expect(screen.getByLabelText('Job posting URL')).toHaveValue(EXAMPLE_IMPORT_URL);
  });
});

describe('Post a New Job: skills suggested by an import', () => {
  it('offers the tools the server could not match as chips; Add puts one in Skills, Dismiss hides the rest', async () => {
    const data = {
      title: 'Customer Success Manager',
      company: 'Northwind',
      location: 'Austin, TX',
      job_type: 'full-time',
      description: 'Onboard clinics.',
      responsibilities: '',
      requirements: '- Experience with Salesforce, Gainsight and Vitally',
      salary_range: '',
      application_url: '',
      contact_email: '',
      deadline: '',
      skills: ['Salesforce'],
    };
    const body = { success: true, data, source: 'page', suggested_skills: ['Gainsight', 'Vitally'] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/post-job', element: <PostJobPage /> }], { path: '/post-job', session: adminSession });
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    await user.type(screen.getByLabelText('Job posting URL'), 'https://careers.example.com/jobs/1');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const suggestions = await screen.findByRole('region', { name: 'Suggested skills' });
    const added = () => within(screen.getByRole('list', { name: 'Added skills' }));
    expect(added().getByText('Salesforce')).toBeInTheDocument();
    expect(added().queryByText('Gainsight')).toBeNull();
    await user.click(within(suggestions).getByRole('button', { name: 'Add skill Gainsight' }));
    expect(added().getByText('Gainsight')).toBeInTheDocument();
    expect(within(suggestions).queryByRole('button', { name: 'Add skill Gainsight' })).toBeNull();
    await user.click(within(suggestions).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Suggested skills' })).toBeNull();
    expect(added().queryByText('Vitally')).toBeNull();
    expect(added().getByText('Gainsight')).toBeInTheDocument();
  });
});
