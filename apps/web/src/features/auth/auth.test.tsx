import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, type SessionResponse } from '@referwell/shared';
import { preloadHydrateOnIntentParts } from '@/components/hydrate-on-intent';
import { jsonResponse, renderRoutes, visitorSession } from '@/test/render';
import { LoginPage } from './login-page';
import { RequireAuth } from './require-auth';
import { SignupPage } from './signup-page';
import { ConfirmSignupPage } from './confirm-signup-page';

const loggedIn: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    type: 'jobseeker',
    avatarUrl: null,
    referralCode: 'TALENTABC123',
  },
  company: null,
  prelaunch: false,
};

// The log-in and sign-up forms load apart from their pages (hydrateOnIntent): here they are loaded up front.
beforeAll(() => preloadHydrateOnIntentParts());
afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  const routes = [
    { path: '/login', element: <p>login screen</p> },
    { element: <RequireAuth />, children: [{ path: '/company-dashboard/team', element: <p>team screen</p> }] },
  ];

  it('sends a visitor to /login with the path and query to come back to', async () => {
    const { router } = renderRoutes(routes, { path: '/company-dashboard/team?tab=1' });
    expect(await screen.findByText('login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/company-dashboard/team?tab=1')}`);
  });

  it('shows the page to a logged-in user', async () => {
    renderRoutes(routes, { path: '/company-dashboard/team', session: loggedIn });
    expect(await screen.findByText('team screen')).toBeInTheDocument();
  });

  it('shows a spinner while the session loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderRoutes(routes, { path: '/company-dashboard/team', session: null });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
  });
});

describe('LoginPage', () => {
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/jobseeker-dashboard', element: <p>dashboard</p> },
    { path: '/company-dashboard/team', element: <p>team screen</p> },
  ];

  async function submit(email = 'ada@example.com', password = 'whatever-password') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('pre-launch makes no call and shows the destructive toast', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { path: '/login', session: { ...visitorSession, prelaunch: true } });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.prelaunchTitle)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.prelaunchDescription)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the one server message for wrong credentials', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: AUTH_MESSAGES.invalidCredentials } }),
      ),
    );
    renderRoutes(routes, { path: '/login' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('goes to the safe return target after logging in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, loggedIn)),
    );
    const { router } = renderRoutes(routes, { path: '/login?returnTo=%2Fcompany-dashboard%2Fteam' });
    await submit();
    expect(await screen.findByText('team screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company-dashboard/team');
  });

  it('ignores a return target on another site and uses the dashboard', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, loggedIn)),
    );
    renderRoutes(routes, { path: '/login?returnTo=%2F%2Fevil.example%2F' });
    await submit();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});

describe('SignupPage', () => {
  const routes = [{ path: '/signup', element: <SignupPage /> }];

  async function fillAccount() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    return user;
  }

  it('a referrer without an invite code gets the SPEC toast and an inline error, and no call', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { path: '/signup?role=referrer' });
    const user = await fillAccount();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.referrerInviteCodeTitle)).toBeInTheDocument();
    expect(screen.getAllByText(AUTH_MESSAGES.referrerInviteCode)).toHaveLength(2);
    expect(screen.getByLabelText('Company invite code')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('company HR creating a company must name it', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes(routes, { path: '/signup?role=companyHR' });
    const user = await fillAccount();
    expect(screen.getByRole('radio', { name: 'Create a new company' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.companyNameTitle)).toBeInTheDocument();
    expect(screen.getAllByText(AUTH_MESSAGES.companyName)).toHaveLength(2);
  });

  it('company HR joining a company needs the invite code', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRoutes(routes, { path: '/signup?role=companyHR' });
    const user = await fillAccount();
    await user.click(screen.getByRole('radio', { name: 'Join an existing company' }));
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // The toast (title shared with the referrer rule) and the inline message.
    await waitFor(() => expect(screen.getAllByText(AUTH_MESSAGES.hrInviteCode)).toHaveLength(2));
    expect(screen.getAllByText(AUTH_MESSAGES.hrInviteCodeTitle).length).toBeGreaterThanOrEqual(1);
  });

  it('sends only the fields of the chosen role and shows server field errors', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(409, {
        error: { code: 'CONFLICT', message: AUTH_MESSAGES.emailTaken, fields: { email: AUTH_MESSAGES.emailTaken } },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { path: '/signup?role=jobseeker' });
    const user = await fillAccount();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/signup');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'long-enough-password',
      role: 'jobseeker',
    });
    expect(await screen.findByText(AUTH_MESSAGES.signupFailed)).toBeInTheDocument();
    expect(screen.getAllByText(AUTH_MESSAGES.emailTaken).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "check your e-mail" after a sign-up, keeps the job it came for in the request, and signs nobody in', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(202, { message: AUTH_MESSAGES.signupCheckEmail }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, { path: '/signup?role=jobseeker&job=UX%20Designer' });
    const user = await fillAccount();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupCheckEmail)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.signupLinkHint)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ role: 'jobseeker', job: 'UX Designer' });
  });
});

describe('ConfirmSignupPage', () => {
  const routes = [
    { path: '/confirm-signup', element: <ConfirmSignupPage /> },
    { path: '/jobseeker-dashboard', element: <p>dashboard</p> },
  ];

  it('says a wrong password at the field, then creates the account and opens the dashboard with the job', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(400, {
          error: {
            code: 'BAD_REQUEST',
            message: AUTH_MESSAGES.signupPasswordWrong,
            fields: { password: AUTH_MESSAGES.signupPasswordWrong },
          },
        }),
      )
      .mockResolvedValueOnce(jsonResponse(201, { ...loggedIn, outcome: 'jobseeker' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderRoutes(routes, { path: '/confirm-signup?token=abc&job=UX%20Designer' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('dashboard', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?job=UX+Designer');
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/signup/confirm');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'abc', password: 'long-enough-password' });
  });

  it('says an invalid link above the form with a way to sign up again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          error: { code: 'BAD_REQUEST', message: AUTH_MESSAGES.signupLinkInvalid, fields: { token: 'x' } },
        }),
      ),
    );
    renderRoutes(routes, { path: '/confirm-signup?token=expired' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
  });
});
