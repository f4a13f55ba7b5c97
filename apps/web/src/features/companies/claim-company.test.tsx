import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_CLAIM_MESSAGES as C,
  type MyCompanyClaim,
  type PublicCompanyResponse,
  type SessionResponse,
} from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { ClaimCompanyPage, ConfirmClaimPage } from './claim-company';

const seeker: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Casey Claimant',
    email: 'casey@example.com',
    type: 'jobseeker',
    avatarUrl: null,
    referralCode: 'TALENTABC123',
  },
  company: null,
  prelaunch: false,
};

const companyAnswer = (notOnReferwell: boolean): PublicCompanyResponse => ({
  company: {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Listed Clinic',
    slug: 'listed-clinic',
    website: 'https://listed-clinic.example',
    description: null,
    location: null,
    employeeCount: null,
    industries: [],
    foundedYear: null,
    notOnReferwell,
  },
  openPositions: [],
});

afterEach(() => vi.unstubAllGlobals());

const claimRoute = [{ path: '/company/:companyName/claim', element: <ClaimCompanyPage /> }];

describe('Claim this company', () => {
  it('sends the work e-mail and says where the link went', async () => {
    const fetch = vi.fn(async (path: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(202, { email: 'casey@listed-clinic.example' })
        : path.startsWith('/api/company-claims/mine')
          ? jsonResponse(200, { claim: null })
          : jsonResponse(200, companyAnswer(true)),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes(claimRoute, { path: '/company/listed-clinic/claim', session: seeker });
    expect(await screen.findByRole('heading', { level: 1, name: C.pageTitle('Listed Clinic') })).toBeInTheDocument();
    // A job seeker is told first that the claim makes this a company account.
    expect(screen.getByText(C.seekerAccountTitle)).toBeInTheDocument();
    await user.type(screen.getByLabelText(C.emailLabel), 'casey@listed-clinic.example{Enter}');
    expect(await screen.findByText(C.sent('casey@listed-clinic.example'))).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([path]) => path === '/api/company-claims')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      companySlug: 'listed-clinic',
      email: 'casey@listed-clinic.example',
    });
  });

  it('shows an open claim instead of the form, and withdraws it once confirmed', async () => {
    let claim: MyCompanyClaim | null = {
      id: '00000000-0000-4000-8000-000000000003',
      status: 'pending',
      email: 'casey@listed-clinic.example',
    };
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        claim = null;
        return new Response(null, { status: 204 });
      }
      return path.startsWith('/api/company-claims/mine?companySlug=listed-clinic')
        ? jsonResponse(200, { claim })
        : jsonResponse(200, companyAnswer(true));
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes(claimRoute, { path: '/company/listed-clinic/claim', session: seeker });
    expect(await screen.findByText(C.yourClaimPending('casey@listed-clinic.example'))).toBeInTheDocument();
    expect(screen.queryByLabelText(C.emailLabel)).toBeNull();

    // Asked first; keeping it changes nothing.
    await user.click(screen.getByRole('button', { name: C.withdraw }));
    expect(await screen.findByText(C.withdrawConfirm('casey@listed-clinic.example'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: C.keepClaim }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: C.withdraw }));
    await user.click(await screen.findByRole('button', { name: C.withdraw }));
    expect(await screen.findByLabelText(C.emailLabel)).toHaveFocus();
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'POST')![0]).toBe(
      '/api/company-claims/00000000-0000-4000-8000-000000000003/withdraw',
    );
    expect(screen.queryByText(C.yourClaimPending('casey@listed-clinic.example'))).toBeNull();
  });

  it('tells a person to ask for an invitation when the company is on Referwell already', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, companyAnswer(false))),
    );
    renderRoutes(claimRoute, { path: '/company/listed-clinic/claim', session: seeker });
    expect(await screen.findByText(C.onReferwell('Listed Clinic'))).toBeInTheDocument();
    expect(screen.queryByLabelText(C.emailLabel)).toBeNull();
  });

  it('confirms the mailed link once and shows a used link as not valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, { status: 'granted', companyName: 'Listed Clinic', companySlug: 'listed-clinic' }),
      ),
    );
    const { unmount } = renderRoutes([{ path: '/claim-company', element: <ConfirmClaimPage /> }], {
      path: '/claim-company?token=abc',
      session: seeker,
    });
    expect(await screen.findByText(C.claimed('Listed Clinic'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: C.goToDashboard })).toHaveAttribute('href', '/company-dashboard');
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { error: { code: 'BAD_REQUEST', message: C.linkInvalid } })),
    );
    renderRoutes([{ path: '/claim-company', element: <ConfirmClaimPage /> }], {
      path: '/claim-company?token=abc',
      session: seeker,
    });
    expect(await screen.findByText(C.linkInvalid)).toBeInTheDocument();
  });
});
