import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification, SessionResponse } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { NotificationsPage } from './notifications-page';

const userId = '00000000-0000-4000-8000-000000000001';
const session: SessionResponse = {
  user: { id: userId, name: 'Nico', email: 'nico@example.com', type: 'jobseeker', avatarUrl: null, referralCode: null },
  company: null,
  prelaunch: false,
};
const notification = (overrides: Partial<Notification>): Notification => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  userId,
  title: 'New Message',
  message: 'Rita sent you a message',
  isRead: false,
  type: 'message',
  referenceId: '00000000-0000-4000-8000-0000000000c1',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

function stub(items: Notification[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/notifications?'))
        return jsonResponse(200, {
          items,
          page: 1,
          pageSize: 50,
          total: items.length,
          totalPages: 1,
          unreadCount: items.filter((n) => !n.isRead).length,
        });
      if (url.endsWith('/read')) return jsonResponse(200, { ...items[0], isRead: true });
      if (url.endsWith('/read-all')) return jsonResponse(200, { count: 0 });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'no' } });
    }),
  );
  return calls;
}

const routes = [
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/messages/:id', element: <p>conversation page</p> },
  { path: '/referrer-dashboard/referrals/:id', element: <p>referral page</p> },
];

describe('Notifications page', () => {
  it("shows 'No notifications yet' and no 'Mark all as read' when empty", async () => {
    stub([]);
    renderRoutes(routes, { path: '/notifications', session });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('lists title, message, relative time and unread state; Mark all as read only when unread', async () => {
    const calls = stub([
      notification({}),
      notification({ id: '00000000-0000-4000-8000-0000000000a2', isRead: true, title: 'Old one' }),
    ]);
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/notifications', session });
    expect(await screen.findByText('Old one')).toBeInTheDocument();
    expect(screen.getAllByText('Rita sent you a message')).toHaveLength(2);
    expect(screen.getAllByText('5 minutes ago')).toHaveLength(2);
    expect(screen.getAllByText('(unread)')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContain('POST /api/notifications/read-all'));
  });

  it('hides Mark all as read when everything is read', async () => {
    stub([notification({ isRead: true })]);
    renderRoutes(routes, { path: '/notifications', session });
    expect(await screen.findByText('Rita sent you a message')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it.each([
    ['message', '00000000-0000-4000-8000-0000000000c1', 'conversation page'],
    ['referral_update', 'r-42', 'referral page'],
  ])('a %s notification is marked read and opens its page', async (type, referenceId, target) => {
    const calls = stub([notification({ type, referenceId })]);
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/notifications', session });
    await user.click(await screen.findByRole('button', { name: /New Message/ }));
    expect(await screen.findByText(target)).toBeInTheDocument();
    expect(router.state.location.pathname).toContain(referenceId);
    expect(calls).toContain('POST /api/notifications/00000000-0000-4000-8000-0000000000a1/read');
  });
});
