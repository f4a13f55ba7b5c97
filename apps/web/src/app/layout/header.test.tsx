import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { Header } from './header';

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

const routes = [
  {
    element: (
      <>
        <Header />
        <Outlet />
      </>
    ),
    children: [
      { path: '/', element: <p>home page</p> },
      { path: '/referrer-dashboard', element: <p>dashboard page</p> },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('shows a company admin their navigation, icon links and account menu', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/referrer-dashboard', session: adminSession });
    const banner = screen.getByRole('banner');
    for (const name of ['Find Candidates', 'Post Job', 'Company Dashboard', 'Messages', 'Notifications']) {
      expect(within(banner).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    // The account menu loads once someone is signed in.
    await user.click(await within(banner).findByRole('button', { name: 'Account menu' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(await menu.findByText('avery@example.com')).toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/referrer-dashboard');
    expect(menu.getByRole('link', { name: 'Company Profile' })).toHaveAttribute('href', '/company-profile');
  });

  it('logs out, goes home and shows the logged-out header', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(204));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/referrer-dashboard', session: adminSession });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('stays in its logged-out form before launch', () => {
    renderRoutes(routes, { path: '/', session: { ...adminSession, prelaunch: true } });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });
});
