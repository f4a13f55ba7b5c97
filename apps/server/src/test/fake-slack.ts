// Test support: a small Slack Web API server answering the methods Referwell calls, with the shapes Slack's method
// reference documents (see ADR 0033 for the pages): oauth.v2.access (client credentials in HTTP Basic, form body),
// conversations.list, users.lookupByEmail, users.info, chat.postMessage, views.open and auth.revoke (Bearer bot token). It answers
// HTTP 200 `{ ok: true, ... }` or `{ ok: false, error }` as Slack does, records each call, and can be told to answer
// the next calls 429 with Retry-After or 500. It also plays Slack towards the app: it signs interactivity and slash
// command requests (v0 HMAC-SHA256) and receives what the app posts to a response_url, or to a Teams webhook.
import { createHmac, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SLACK_TEST_CREDENTIALS = {
  clientId: '1111.2222',
  clientSecret: 'fake-client-secret',
  signingSecret: 'fake-signing-secret',
};

/** The server's SLACK_* (and OUTBOUND_ALLOW_HOSTS) for a fake at `origin`. */
export function slackTestEnv(origin: string) {
  return {
    SLACK_CLIENT_ID: SLACK_TEST_CREDENTIALS.clientId,
    SLACK_CLIENT_SECRET: SLACK_TEST_CREDENTIALS.clientSecret,
    SLACK_SIGNING_SECRET: SLACK_TEST_CREDENTIALS.signingSecret,
    SLACK_API_URL: `${origin}/api`,
    OUTBOUND_ALLOW_HOSTS: new URL(origin).host,
  };
}

export interface SlackCall {
  method: string;
  /** The form fields or the JSON body, as sent. */
  args: Record<string, unknown>;
  contentType: string;
  at: number;
}

export interface FakeSlack {
  origin: string;
  team: { id: string; name: string };
  /** The bot token the next oauth.v2.access hands out (and the only one the other methods accept). */
  botToken: string;
  /** Workspace users by e-mail: users.lookupByEmail finds these. */
  users: Map<string, string>;
  channels: { id: string; name: string }[];
  /** Every Web API call answered ok (failures and refusals are not recorded). */
  calls: SlackCall[];
  /** Bodies posted to /hooks/* (response_url and Teams webhooks), with when they came. */
  hooks: { path: string; body: Record<string, unknown>; at: number }[];
  /** The codes oauth.v2.access accepts once. */
  issueCode(): string;
  /** Answers the next `count` Web API calls (or hooks) with this failure. */
  failNext(failure: { status: 429; retryAfter: number } | { status: 500 }, count?: number): void;
  /** Signs a body as Slack would (x-slack-request-timestamp and x-slack-signature headers). */
  sign(body: string, timestamp?: number, secret?: string): Record<string, string>;
  callsOf(method: string): SlackCall[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Methods and the arguments each requires (Slack answers `invalid_arguments` / a specific error without them). */
const REQUIRED: Record<string, string[]> = {
  'chat.postMessage': ['channel'],
  'views.open': ['trigger_id', 'view'],
  'users.lookupByEmail': ['email'],
  'users.info': ['user'],
  'conversations.list': [],
  'auth.revoke': [],
};

export async function startFakeSlack(): Promise<FakeSlack> {
  const codes = new Set<string>();
  const failures: ({ status: 429; retryAfter: number } | { status: 500 })[] = [];
  const fake = {
    team: { id: 'T0FAKE', name: 'Acme Health' },
    botToken: `xoxb-${randomBytes(8).toString('hex')}`,
    users: new Map<string, string>(),
    channels: [
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0REFERRALS', name: 'referrals' },
    ],
    calls: [] as SlackCall[],
    hooks: [] as FakeSlack['hooks'],
  };
  let revoked = false;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const failure = failures.shift();
      if (failure?.status === 429)
        return send(res, 429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(failure.retryAfter) });
      if (failure?.status === 500) return send(res, 500, { ok: false, error: 'internal_error' });
      const contentType = String(req.headers['content-type'] ?? '');
      let args: Record<string, unknown>;
      try {
        args = contentType.startsWith('application/json')
          ? (JSON.parse(raw) as Record<string, unknown>)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        return send(res, 200, { ok: false, error: 'invalid_json' });
      }
      if (url.pathname.startsWith('/hooks/')) {
        fake.hooks.push({ path: url.pathname, body: args, at: Date.now() });
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('ok');
      }
      const method = url.pathname.replace(/^\/api\//, '');
      if (req.method !== 'POST') return send(res, 405, { ok: false, error: 'method_not_allowed' });
      const record = () => fake.calls.push({ method, args, contentType, at: Date.now() });
      if (method === 'oauth.v2.access') {
        const expected = `Basic ${Buffer.from(`${SLACK_TEST_CREDENTIALS.clientId}:${SLACK_TEST_CREDENTIALS.clientSecret}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(res, 200, { ok: false, error: 'invalid_client_id' });
        if (!contentType.startsWith('application/x-www-form-urlencoded'))
          return send(res, 200, { ok: false, error: 'invalid_form_data' });
        const code = String(args.code ?? '');
        if (!codes.delete(code)) return send(res, 200, { ok: false, error: 'invalid_code' });
        revoked = false;
        record();
        return send(res, 200, {
          ok: true,
          access_token: fake.botToken,
          token_type: 'bot',
          scope: String(args.scope ?? 'chat:write,commands'),
          bot_user_id: 'U0BOT',
          app_id: 'A0FAKE',
          team: fake.team,
          enterprise: null,
          authed_user: { id: 'U0ADMIN' },
        });
      }
      if (!(method in REQUIRED)) return send(res, 200, { ok: false, error: 'unknown_method' });
      const auth = req.headers.authorization;
      if (!auth) return send(res, 200, { ok: false, error: 'not_authed' });
      if (auth !== `Bearer ${fake.botToken}`) return send(res, 200, { ok: false, error: 'invalid_auth' });
      if (revoked) return send(res, 200, { ok: false, error: 'token_revoked' });
      for (const name of REQUIRED[method]!)
        if (args[name] === undefined || args[name] === '')
          return send(res, 200, { ok: false, error: 'invalid_arguments' });
      switch (method) {
        case 'chat.postMessage': {
          if (!contentType.startsWith('application/json'))
            return send(res, 200, { ok: false, error: 'invalid_form_data' });
          const channel = String(args.channel);
          const known = fake.channels.some((c) => c.id === channel) || [...fake.users.values()].includes(channel);
          if (!known) return send(res, 200, { ok: false, error: 'channel_not_found' });
          if (typeof args.text !== 'string' && !Array.isArray(args.blocks))
            return send(res, 200, { ok: false, error: 'no_text' });
          record();
          return send(res, 200, { ok: true, channel, ts: `${Date.now() / 1000}`, message: { text: args.text } });
        }
        case 'views.open': {
          const view = args.view as { type?: string; title?: unknown; blocks?: unknown } | undefined;
          if (view?.type !== 'modal' || !view.title || !Array.isArray(view.blocks))
            return send(res, 200, { ok: false, error: 'invalid_arguments' });
          record();
          return send(res, 200, { ok: true, view: { id: 'V0FAKE', ...view } });
        }
        case 'users.lookupByEmail': {
          const id = fake.users.get(String(args.email).toLowerCase());
          if (!id) return send(res, 200, { ok: false, error: 'users_not_found' });
          record();
          return send(res, 200, { ok: true, user: { id, team_id: fake.team.id, profile: { email: args.email } } });
        }
        case 'users.info': {
          const email = [...fake.users].find(([, id]) => id === args.user)?.[0];
          if (!email) return send(res, 200, { ok: false, error: 'user_not_found' });
          record();
          return send(res, 200, { ok: true, user: { id: args.user, team_id: fake.team.id, profile: { email } } });
        }
        case 'conversations.list':
          record();
          return send(res, 200, {
            ok: true,
            channels: fake.channels.map((c) => ({ ...c, is_channel: true, is_archived: false })),
            response_metadata: { next_cursor: '' },
          });
        case 'auth.revoke':
          revoked = true;
          record();
          return send(res, 200, { ok: true, revoked: true });
      }
    })().catch((error: unknown) => send(res, 500, { ok: false, error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    origin,
    issueCode() {
      const code = `code-${randomBytes(6).toString('hex')}`;
      codes.add(code);
      return code;
    },
    failNext(failure: { status: 429; retryAfter: number } | { status: 500 }, count = 1) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    sign(body: string, timestamp = Math.floor(Date.now() / 1000), secret = SLACK_TEST_CREDENTIALS.signingSecret) {
      const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
      return {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': signature,
      };
    },
    callsOf(method: string) {
      return fake.calls.filter((c) => c.method === method);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
