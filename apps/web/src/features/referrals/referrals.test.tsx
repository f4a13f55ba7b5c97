import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DECLINE_REASON_REQUIRED,
  REFERRAL_MESSAGES,
  type ReferralDetail,
  type SessionResponse,
} from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { CreditLedgerPage } from './credit-ledger-page';
import { ReferralDialog } from './referral-dialog';
import { ReferralDetailPage } from './referral-detail-page';
import { ReferrerDetailsPrompt } from './referrer-details-prompt';
import { RequestReferralPage } from './request-referral-page';

const COMPANY_ID = '00000000-0000-4000-8000-000000000002';
const JOB_ID = '00000000-0000-4000-8000-000000000010';
const TALENT_ID = '00000000-0000-4000-8000-000000000020';
const REFERRAL_ID = '00000000-0000-4000-8000-000000000030';

const session = (role: 'companyAdmin' | 'member'): SessionResponse => ({
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Riley Referrer',
    email: 'riley@example.com',
    type: 'referrer',
    avatarUrl: null,
    referralCode: null,
  },
  company: { id: COMPANY_ID, name: 'Northwind', slug: 'northwind', role },
  prelaunch: false,
});

/** One of the company's roles to refer, as GET /api/company/roles-to-refer lists it. */
const openRole = {
  id: JOB_ID,
  title: 'Clinical Data Engineer',
  location: 'Remote',
  employmentType: 'full-time',
  department: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  bonus: { amount: 3000, currency: 'USD', payoutDelayDays: 90 },
};
const ROLES_URL = '/api/company/roles-to-refer';

function referral(viewer: Partial<ReferralDetail['viewer']> = {}): ReferralDetail {
  return {
    id: REFERRAL_ID,
    jobId: JOB_ID,
    jobTitle: 'Clinical Data Engineer',
    companyId: COMPANY_ID,
    companyName: 'Northwind',
    referrer: { id: '00000000-0000-4000-8000-000000000001', name: 'Riley Referrer' },
    talentId: TALENT_ID,
    talentName: 'Tess Talent',
    talentProfile: {
      name: 'Tess Talent',
      title: 'Data Engineer',
      location: 'Denver, CO',
      skills: ['Python'],
      technicalSkills: [],
      softwareTools: [],
      experience: 5,
      portfolio: null,
      rating: null,
      industries: [],
      interests: [],
      involvement: null,
      referredBy: null,
    },
    notes: 'Worked with Tess for two years.',
    candidateNote: null,
    relationship: 'worked_together',
    vouch: null,
    external: false,
    candidateMessage: null,
    status: 'pending',
    stage: 'referred',
    consent: 'pending',
    bonus: { amount: 1500, currency: 'USD', state: 'awaiting_hire', paidOn: null },
    history: [
      {
        from: null,
        to: 'referred',
        by: { id: '00000000-0000-4000-8000-000000000001', name: 'Riley Referrer' },
        at: '2026-01-02T00:00:00.000Z',
      },
    ],
    createdAt: '2026-01-02T00:00:00.000Z',
    updatedAt: '2026-01-03T00:00:00.000Z',
    viewer: { role: 'referrer', canUpdateStatus: false, canAnswerConsent: false, canMarkBonusPaid: false, ...viewer },
    credit: {
      rule: "Northwind's referral rule: the first referral a candidate confirms counts for 6 months.",
      entries: [],
    },
  };
}

beforeAll(() => {
  // Radix Select uses pointer capture and scrolling, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

function DialogHarness({ onCreated, jobId }: { onCreated: (id: string) => void; jobId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Refer Tess
      </button>
      <ReferralDialog
        talent={{ id: TALENT_ID, name: 'Tess Talent' }}
        open={open}
        onOpenChange={setOpen}
        onCreated={onCreated}
        jobId={jobId}
      />
    </>
  );
}

describe('ReferralDialog', () => {
  it('keeps submit disabled until a position is chosen, then creates the referral', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(ROLES_URL)) return jsonResponse(200, { items: [openRole], total: 1 });
      if (url === '/api/referrals' && init?.method === 'POST') return jsonResponse(201, referral());
      if (url.endsWith('/bonus-policy'))
        return jsonResponse(200, { rule: 'A bonus is paid 90 days after the start date.' });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DialogHarness onCreated={onCreated} /> }], { session: session('member') });

    await user.click(screen.getByRole('button', { name: 'Refer Tess' }));
    expect(await screen.findByRole('dialog', { name: 'Refer Tess Talent' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Referral' });
    expect(submit).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining(ROLES_URL), expect.anything());
    // The bonus rule is shown before the referral is made.
    expect(await screen.findByText('A bonus is paid 90 days after the start date.')).toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: 'Job Position' }));
    await user.click(await screen.findByRole('option', { name: 'Clinical Data Engineer' }));
    // What this referral pays, in the one money format, before submitting.
    expect(screen.getByText('$3,000')).toBeInTheDocument();
    expect(screen.getByText('paid 90 days after start')).toBeInTheDocument();
    await user.type(screen.getByLabelText(`${REFERRAL_MESSAGES.teamNoteLabel} (optional)`), '  Strong SQL  ');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(REFERRAL_ID));
    expect(
      await screen.findByText(REFERRAL_MESSAGES.created('Tess Talent', 'Clinical Data Engineer')),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/referrals');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ talentId: TALENT_ID, jobId: JOB_ID, notes: 'Strong SQL' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts with the position Find Candidates is ranked for', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(ROLES_URL)) return jsonResponse(200, { items: [openRole], total: 1 });
      if (url === '/api/referrals' && init?.method === 'POST') return jsonResponse(201, referral());
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DialogHarness onCreated={onCreated} jobId={JOB_ID} /> }], {
      session: session('member'),
    });
    await user.click(screen.getByRole('button', { name: 'Refer Tess' }));
    expect(await screen.findByText('$3,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(REFERRAL_ID));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/referrals');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ talentId: TALENT_ID, jobId: JOB_ID });
  });

  it("shows the server's reason for a duplicate and clears the form when reopened", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith(ROLES_URL)
          ? jsonResponse(200, { items: [openRole], total: 1 })
          : jsonResponse(409, { error: { code: 'CONFLICT', message: REFERRAL_MESSAGES.alreadyReferred } }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <DialogHarness onCreated={vi.fn()} /> }], { session: session('member') });
    await user.click(screen.getByRole('button', { name: 'Refer Tess' }));
    await user.click(await screen.findByRole('combobox', { name: 'Job Position' }));
    await user.click(await screen.findByRole('option', { name: 'Clinical Data Engineer' }));
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.alreadyReferred)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Refer Tess' }));
    expect(await screen.findByRole('button', { name: 'Submit Referral' })).toBeDisabled();
    expect(screen.getByLabelText(`${REFERRAL_MESSAGES.teamNoteLabel} (optional)`)).toHaveValue('');
  });
});

describe('Referral detail status control', () => {
  const renderDetail = (role: 'companyAdmin' | 'member') =>
    renderRoutes([{ path: '/referrer-dashboard/referrals/:referralId', element: <ReferralDetailPage /> }], {
      path: `/referrer-dashboard/referrals/${REFERRAL_ID}`,
      session: session(role),
    });

  it('shows members the read-only status and the admins-only note', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, referral())),
    );
    renderDetail('member');
    expect(await screen.findByText(REFERRAL_MESSAGES.onlyAdminsUpdate)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Referral status' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full Profile' })).toHaveAttribute(
      'href',
      `/view-talent-profile/${TALENT_ID}`,
    );
  });

  it('lets admins change the status with the success toast', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? jsonResponse(200, { ...referral({ canUpdateStatus: true }), status: 'completed' })
        : jsonResponse(200, referral({ canUpdateStatus: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDetail('companyAdmin');
    const select = await screen.findByRole('combobox', { name: 'Referral status' });
    expect(screen.queryByText(REFERRAL_MESSAGES.onlyAdminsUpdate)).not.toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.statusUpdated('completed'))).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/referrals/${REFERRAL_ID}/status`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'completed' });
  });

  it('shows the update failure toast when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'PATCH'
          ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : jsonResponse(200, referral({ canUpdateStatus: true })),
      ),
    );
    const user = userEvent.setup();
    renderDetail('companyAdmin');
    await user.click(await screen.findByRole('combobox', { name: 'Referral status' }));
    await user.click(await screen.findByRole('option', { name: 'Accepted' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.updateFailed)).toBeInTheDocument();
  });

  it('asks why before rejecting, and sends the reason category with the change', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(200, referral({ canUpdateStatus: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDetail('companyAdmin');
    await user.click(await screen.findByRole('combobox', { name: 'Referral status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not moving forward with Tess Talent' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline candidate' }));
    expect(await within(dialog).findByText(DECLINE_REASON_REQUIRED)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Position filled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline candidate' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'rejected', reason: 'position_filled' });
  });

  it("says 'Referral not found' for an unknown id", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { error: { code: 'NOT_FOUND', message: REFERRAL_MESSAGES.notFound } })),
    );
    renderDetail('member');
    expect(await screen.findByRole('heading', { name: REFERRAL_MESSAGES.notFound })).toBeInTheDocument();
  });
});

describe('a hire without a start date', () => {
  it('says the bonus counts from the hire date, and an admin sets the start date to move it', async () => {
    const hired = (dueOn: string, dueFrom: 'hire' | 'start'): ReferralDetail => ({
      ...referral({ canUpdateStatus: true, canMarkBonusPaid: true, canSetStartDate: true }),
      status: 'completed',
      stage: 'hired',
      consent: 'confirmed',
      bonus: { amount: 1500, currency: 'USD', state: 'due', paidOn: null, dueOn, dueFrom },
    });
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(200, hired('2026-02-04', 'start'))
        : jsonResponse(200, hired('2026-04-02', 'hire')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/referrer-dashboard/referrals/:referralId', element: <ReferralDetailPage /> }], {
      path: `/referrer-dashboard/referrals/${REFERRAL_ID}`,
      session: session('companyAdmin'),
    });
    expect(
      await screen.findByText(
        'The candidate was hired: the bonus is payable from Apr 02, 2026 (from the hire date; start date unknown).',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: REFERRAL_MESSAGES.setStartDate }));
    const dialog = await screen.findByRole('dialog', { name: REFERRAL_MESSAGES.setStartDateTitle('Tess Talent') });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the start date')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Start date'), '2026-01-05');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REFERRAL_MESSAGES.startDateSaved)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe(`/api/referrals/${REFERRAL_ID}/start-date`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ startDate: '2026-01-05' });
    expect(
      await screen.findByText('The candidate was hired: the bonus is payable from Feb 04, 2026.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: REFERRAL_MESSAGES.changeStartDate })).toBeInTheDocument();
  });
});

describe('Request a Referral', () => {
  it('explains missing query data with Go Back', async () => {
    renderRoutes([{ path: '/request-referral', element: <RequestReferralPage /> }], {
      path: `/request-referral?jobId=${JOB_ID}`,
      session: session('member'),
    });
    expect(await screen.findByText(REFERRAL_MESSAGES.missingRequestInfo)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});

describe('the first sign-in prompt for a referrer card', () => {
  const PROMPT_URL = '/api/referrers/me/details-prompt';

  it('asks for title, department, team and start date, saves them and asks no more', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === PROMPT_URL) return jsonResponse(200, { ask: true });
      if (url === '/api/referrers/me/details' && init?.method === 'PUT')
        return jsonResponse(200, { id: '00000000-0000-4000-8000-000000000001', name: 'Riley Referrer' });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ReferrerDetailsPrompt /> }], { session: session('member') });

    const dialog = await screen.findByRole('dialog', { name: 'Tell job seekers who you are' });
    await user.type(screen.getByLabelText('Job title'), 'Senior Integration Engineer');
    await user.type(screen.getByLabelText('Department'), 'Clinical Integrations');
    await user.type(screen.getByLabelText('Team'), 'Interfaces');
    await user.type(screen.getByLabelText('Start date at Northwind'), '2021-03-15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      title: 'Senior Integration Engineer',
      department: 'Clinical Integrations',
      team: 'Interfaces',
      startDate: '2021-03-15',
    });
  });

  it('remembers "Not now"', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === PROMPT_URL) return jsonResponse(200, { ask: true });
      if (url === '/api/referrers/me/details/skip' && init?.method === 'POST') return jsonResponse(204);
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ReferrerDetailsPrompt /> }], { session: session('member') });
    await screen.findByRole('dialog', { name: 'Tell job seekers who you are' });
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/referrers/me/details/skip')).toBe(true);
  });
});

describe('Credit history', () => {
  const entry = (n: number, decision: 'credited' | 'refused') => ({
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    at: '2026-11-20T10:00:00.000Z',
    decision,
    reason: decision === 'credited' ? 'first_confirmed' : 'already_referred',
    words: decision === 'credited' ? 'First confirmed referral: it counts.' : 'Already referred by someone else.',
    job: { id: JOB_ID, title: 'Clinical Data Engineer' },
    referralId: decision === 'credited' ? REFERRAL_ID : null,
    candidateName: 'Tess Talent',
    referrerName: n === 1 ? null : 'Sam Colleague',
  });

  it('shows an admin their decisions, then the whole company’s a page at a time', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const query = new URL(url, 'http://x').searchParams;
      const company = query.get('scope') === 'company';
      return jsonResponse(200, {
        items: company ? [entry(2, 'refused')] : [entry(1, 'credited')],
        total: company ? 26 : 1,
        page: Number(query.get('page')),
        pageSize: 25,
        totalPages: company ? 2 : 1,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/referral-credit', element: <CreditLedgerPage /> }], {
      path: '/referral-credit',
      session: session('companyAdmin'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your referral credit' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Credit decisions' });
    expect(within(list).getByRole('link', { name: 'Clinical Data Engineer' })).toHaveAttribute(
      'href',
      `/referrer-dashboard/referrals/${REFERRAL_ID}`,
    );
    expect(within(list).getByText('Credited')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('scope=mine&page=1'), expect.anything());

    await user.click(screen.getByRole('tab', { name: 'Whole company' }));
    expect(await screen.findByText('Already referred by someone else.')).toBeInTheDocument();
    expect(screen.getByText('Tess Talent, referred by Sam Colleague')).toBeInTheDocument();
    expect(screen.getByText('26 decisions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenLastCalledWith(expect.stringContaining('scope=company&page=2'), expect.anything()),
    );
  });
});
