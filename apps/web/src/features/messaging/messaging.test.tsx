import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, Message, SessionResponse } from '@referwell/shared';
import { applyRealtimeEvent } from '@/lib/realtime/use-realtime';
import { RealtimeClient, reconnectDelay } from '@/lib/realtime/client';
import { jsonResponse, renderRoutes } from '@/test/render';
import { addMessageToCache, messagingKeys } from './api';
import { groupByDay } from './chat-pane';
import { linkParts } from './message-text';
import { MessagesPage } from './messages-page';

const me = '00000000-0000-4000-8000-000000000001';
const them = '00000000-0000-4000-8000-000000000002';
const conversationId = '00000000-0000-4000-8000-0000000000c1';
const session: SessionResponse = {
  user: {
    id: me,
    name: 'Sam Seeker',
    email: 'sam@example.com',
    type: 'jobseeker',
    avatarUrl: null,
    referralCode: null,
  },
  company: null,
  prelaunch: false,
};

const message = (id: string, text: string, senderId = them, timestamp = new Date().toISOString()): Message => ({
  id,
  conversationId,
  senderId,
  text,
  timestamp,
  read: true,
});

const detail = (messages: Message[]): ConversationDetail => ({
  conversation: {
    id: conversationId,
    participants: [
      { id: me, name: 'Sam Seeker', avatar: null, role: 'jobseeker', companyName: null },
      { id: them, name: 'Rita Referrer', avatar: null, role: 'referrer', companyName: 'Northwind' },
    ],
    lastMessage: messages.at(-1) ?? null,
    unreadCount: 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    subject: 'About the role',
    referralId: null,
    projectId: null,
    applicationId: null,
    status: 'active',
    type: 'direct',
  },
  messages,
  hasMore: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('linkParts', () => {
  it('makes http(s) addresses links and keeps everything else as text', () => {
    expect(linkParts('See https://example.com/jobs, then <b>reply</b>.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/jobs', href: 'https://example.com/jobs' },
      { text: ', then <b>reply</b>.' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://x.example')).toEqual([
      { text: 'javascript:alert(1) and ftp://x.example' },
    ]);
  });
});

describe('groupByDay', () => {
  it('groups consecutive messages by calendar day with Today / Yesterday / weekday / full date', () => {
    const now = new Date(2026, 10, 21, 12);
    const at = (d: number, h: number) => new Date(2026, 10, d, h).toISOString();
    const groups = groupByDay(
      [
        message('1', 'a', them, new Date(2026, 9, 1, 9).toISOString()),
        message('2', 'b', them, at(17, 9)),
        message('3', 'c', them, at(20, 9)),
        message('4', 'd', them, at(21, 8)),
        message('5', 'e', them, at(21, 9)),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.messages.length])).toEqual([
      ['October 1, 2026', 1],
      ['Tuesday', 1],
      ['Yesterday', 1],
      ['Today', 2],
    ]);
  });
});

describe('reconnectDelay', () => {
  it('backs off from about half a second up to 15 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(15_000);
  });
});

describe('the realtime client when the server closes the socket', () => {
  /** A WebSocket that the test opens and closes by hand. */
  class HandSocket extends EventTarget {
    static last: HandSocket | null = null;
    static readonly OPEN = 1;
    readyState = 0;
    constructor(readonly url: string) {
      super();
      HandSocket.last = this;
    }
    send() {}
    close() {}
    closeWith(code: number) {
      this.readyState = 3;
      this.dispatchEvent(Object.assign(new Event('close'), { code }));
    }
  }

  it('tells its listeners when the session ended or changed (4401, 4409), not on any other close', () => {
    vi.stubGlobal('WebSocket', HandSocket);
    try {
      const client = new RealtimeClient('ws://example.test/api/realtime');
      const seen: (boolean | undefined)[] = [];
      client.onStatus(({ connected, sessionChanged }) => {
        if (!connected) seen.push(sessionChanged);
      });
      client.start();
      for (const code of [4401, 1006, 4409]) {
        const socket = HandSocket.last!;
        socket.closeWith(code);
        client.stop(); // no reconnect timer left behind; start again for the next close
        client.start();
      }
      client.stop();
      expect(seen).toEqual([true, false, true]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('realtime events in the cache', () => {
  it('adds a pushed message once and takes the unread totals', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(messagingKeys.detail(conversationId), {
      pages: [detail([message('m1', 'hi')])],
      pageParams: [null],
    });
    const pushed = message('m2', 'pushed');
    const onMessage = (qc: QueryClient, e: Parameters<typeof applyRealtimeEvent>[1]) => {
      if (e.type === 'message.new' && e.message) addMessageToCache(qc, e.message);
    };
    applyRealtimeEvent(queryClient, { type: 'message.new', conversationId, message: pushed }, onMessage);
    applyRealtimeEvent(queryClient, { type: 'message.new', conversationId, message: pushed }, onMessage);
    const data = queryClient.getQueryData<{ pages: ConversationDetail[] }>(messagingKeys.detail(conversationId));
    expect(data?.pages[0]?.messages.map((m) => m.text)).toEqual(['hi', 'pushed']);

    applyRealtimeEvent(queryClient, { type: 'unread', messages: 3, notifications: 2 });
    expect(queryClient.getQueryData(messagingKeys.unread())).toEqual({ count: 3 });
    expect(queryClient.getQueryData(['notifications', 'unread'])).toEqual({ count: 2 });
  });

  it('a pushed unread count is not overwritten by a read of the count that was already on its way', async () => {
    const queryClient = new QueryClient();
    let answer: (count: number) => void = () => undefined;
    // The read started before the change (when the socket opened): it answers with the count from before.
    const read = queryClient.fetchQuery({
      queryKey: ['notifications', 'unread'],
      queryFn: () => new Promise<{ count: number }>((resolve) => (answer = (count) => resolve({ count }))),
    });
    applyRealtimeEvent(queryClient, { type: 'unread', messages: 0, notifications: 2 });
    answer(1);
    await read.catch(() => undefined);
    expect(queryClient.getQueryData(['notifications', 'unread'])).toEqual({ count: 2 });
  });
});

describe('the chat send box', () => {
  function stubServer() {
    const sent: string[] = [];
    let release: (() => void) | null = null;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith(`/api/conversations/${conversationId}/messages`) && init?.method === 'POST') {
        const { text } = JSON.parse(String(init.body)) as { text: string };
        sent.push(text);
        // The first send waits until released, to check that a second one is blocked meanwhile.
        if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return jsonResponse(201, message(`sent-${sent.length}`, text, me));
      }
      if (url.startsWith(`/api/conversations/${conversationId}/read`)) return jsonResponse(200, { unreadCount: 0 });
      if (url.startsWith(`/api/conversations/${conversationId}`))
        return jsonResponse(200, detail([message('m1', 'Welcome aboard')]));
      if (url.startsWith('/api/conversations?'))
        return jsonResponse(200, { items: [], page: 1, pageSize: 50, total: 0, totalPages: 1 });
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'no' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { sent, release: () => release?.() };
  }

  it('Enter sends the trimmed text, Shift+Enter adds a line, blank text and a second send in flight are blocked', async () => {
    const server = stubServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/messages/:conversationId', element: <MessagesPage /> }], {
      path: `/messages/${conversationId}`,
      session,
    });
    const chat = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(chat).findByText('Welcome aboard')).toBeInTheDocument();
    expect(within(chat).getByRole('heading', { name: 'Rita Referrer' })).toBeInTheDocument();
    expect(within(chat).getByText('Today')).toBeInTheDocument();

    const box = within(chat).getByRole('textbox', { name: 'Message' });
    await user.type(box, '   {Enter}');
    expect(server.sent).toEqual([]);

    await user.clear(box);
    await user.type(box, '  first line{Shift>}{Enter}{/Shift}second line  {Enter}');
    await waitFor(() => expect(server.sent).toEqual(['first line\nsecond line']));
    // While that one is in flight, Enter does not send again.
    await user.type(box, '{Enter}');
    expect(server.sent).toHaveLength(1);
    expect(within(chat).getByRole('button', { name: 'Send' })).toBeDisabled();

    server.release();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await within(chat).findByText(/first line\s+second line/)).toBeInTheDocument();
  });

  it('shows the empty state when no conversation is selected', async () => {
    stubServer();
    renderRoutes([{ path: '/messages', element: <MessagesPage /> }], { path: '/messages', session });
    expect(screen.getByText('Select a conversation to start messaging')).toBeInTheDocument();
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
  });
});
