import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_CLAIM_MESSAGES as C,
  JOB_SOURCE_MESSAGES,
  JOB_SOURCES_PAGE_TEXT as T,
  type JobSource,
  type PendingCompanyClaim,
  type PlatformJobSource,
  type SessionResponse,
} from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { JobSourcesPage, PlatformJobSourcesPage } from './job-sources-page';

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

const failing: JobSource = {
  id: '00000000-0000-4000-8000-000000000003',
  url: 'https://northwind.example/careers',
  lastCrawledAt: '2026-12-01T10:00:00.000Z',
  nextCrawlAt: '2026-12-03T16:00:00.000Z',
  lastError: JOB_SOURCE_MESSAGES.noJobs,
  failures: 3,
  jobsListed: 4,
  openJobs: 2,
};

afterEach(() => vi.unstubAllGlobals());

describe('Job sources page', () => {
  it("lists a company's sources with their reads, failures and last error (GET its job-sources)", async () => {
    const fetch = vi.fn(async (_path: string) => jsonResponse(200, { items: [failing] }));
    vi.stubGlobal('fetch', fetch);
    renderRoutes([{ path: '/s', element: <JobSourcesPage /> }], { path: '/s', session: adminSession });
    const row = (await screen.findByText(failing.url)).closest('tr')!;
    expect(within(row).getByText(T.failures(3))).toBeInTheDocument();
    expect(within(row).getByText(JOB_SOURCE_MESSAGES.noJobs)).toBeInTheDocument();
    expect(within(row).getAllByText('Dec 01, 2026').length).toBeGreaterThan(0);
    expect(within(row).getByRole('link', { name: failing.url })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(fetch.mock.calls[0]![0]).toBe(`/api/companies/${adminSession.company!.id}/job-sources`);
  });

  it('shows the empty state, and the server’s refusal to someone who is not a platform admin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { items: [] })),
    );
    const { unmount } = renderRoutes([{ path: '/s', element: <JobSourcesPage /> }], {
      path: '/s',
      session: adminSession,
    });
    expect(await screen.findByText(T.emptyTitle)).toBeInTheDocument();
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: JOB_SOURCE_MESSAGES.onlyPlatformAdmins } }),
      ),
    );
    renderRoutes([{ path: '/a', element: <PlatformJobSourcesPage /> }], { path: '/a', session: adminSession });
    expect(await screen.findByText(JOB_SOURCE_MESSAGES.onlyPlatformAdmins)).toBeInTheDocument();
  });

  it("the platform's list names each source's company and its form asks for the company's name", async () => {
    const listed: PlatformJobSource = {
      ...failing,
      failures: 0,
      lastError: null,
      companyId: '00000000-0000-4000-8000-000000000004',
      companyName: 'Listed Clinic',
      companySlug: 'listed-clinic',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => jsonResponse(200, { items: path === '/api/admin/company-claims' ? [] : [listed] })),
    );
    renderRoutes([{ path: '/a', element: <PlatformJobSourcesPage /> }], { path: '/a', session: adminSession });
    expect(await screen.findByText(C.pendingEmpty)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Listed Clinic' })).toHaveAttribute(
      'href',
      '/company/listed-clinic',
    );
    expect(screen.getByLabelText(T.companyName)).toBeInTheDocument();
    expect(screen.getByText(T.ok)).toBeInTheDocument();
  });

  it('lists the claims waiting for a check; Approve and Refuse ask first, and the confirmed one posts the decision and says so', async () => {
    const claim: PendingCompanyClaim = {
      id: '00000000-0000-4000-8000-000000000005',
      companyId: '00000000-0000-4000-8000-000000000004',
      companyName: 'Listed Clinic',
      companySlug: 'listed-clinic',
      knownDomains: ['listed-clinic.example'],
      claimantName: 'Casey Claimant',
      email: 'casey@gmail.com',
      confirmedAt: '2026-12-02T10:00:00.000Z',
    };
    let decided = false;
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        decided = true;
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, { items: path === '/api/admin/company-claims' && !decided ? [claim] : [] });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes([{ path: '/a', element: <PlatformJobSourcesPage /> }], { path: '/a', session: adminSession });
    expect(await screen.findByText('Casey Claimant · casey@gmail.com')).toBeInTheDocument();
    expect(screen.getByText(/Known by listed-clinic\.example/)).toBeInTheDocument();
    // Refuse asks first, and Cancel leaves the claim as it was.
    await user.click(screen.getByRole('button', { name: `${C.refuse}: Casey Claimant, Listed Clinic` }));
    const refusal = await screen.findByRole('alertdialog', {
      name: C.refuseConfirmTitle('Casey Claimant', 'Listed Clinic'),
    });
    expect(refusal).toHaveAccessibleDescription(C.refuseConfirm);
    await user.click(within(refusal).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Approve says what it grants, to whom, and posts only once confirmed.
    await user.click(screen.getByRole('button', { name: `${C.approve}: Casey Claimant, Listed Clinic` }));
    const approval = await screen.findByRole('alertdialog', {
      name: C.approveConfirmTitle('Casey Claimant', 'Listed Clinic'),
    });
    expect(approval).toHaveAccessibleDescription(C.approveConfirm('casey@gmail.com', 'Listed Clinic'));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(approval).getByRole('button', { name: C.approve }));
    expect(await screen.findByText(C.approved('Casey Claimant', 'Listed Clinic'))).toBeInTheDocument();
    expect(
      fetch.mock.calls.some(
        ([path, init]) => path === `/api/admin/company-claims/${claim.id}/approve` && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(await screen.findByText(C.pendingEmpty)).toBeInTheDocument();
  });
});
