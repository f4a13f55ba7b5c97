// Test support: a small Greenhouse Harvest API server for the tests, answering only the endpoints Referwell calls,
// with the shapes of Greenhouse's Harvest reference (https://developers.greenhouse.io/harvest.html; ADR 0032):
// GET /v1/users/{id}, GET /v1/jobs, GET /v1/job_posts, GET /v1/candidates?email=, POST /v1/candidates, POST /v1/candidates/{id}/
// applications, POST /v1/candidates/{id}/attachments, GET /v1/candidates/{id}/activity_feed, POST
// /v1/candidates/{id}/activity_feed/notes, GET /v1/applications. It checks HTTP Basic auth (the key as user name, an
// empty password: 401 otherwise), the On-Behalf-Of header on every write (a known user id: 403 otherwise) and the
// required fields (422 with Greenhouse's `errors` list), keeps its candidates in memory, and sends web hooks signed
// as Greenhouse signs them (`Signature: sha256 <hex>`, HMAC-SHA256 of the body under the secret key). Tests make it
// fail on purpose: 429 with Retry-After, 500, or no answer at all (the client's timeout).
import { createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;
type Failure = 429 | 500 | 401 | 'timeout';

export interface GhApplicationRecord {
  id: number;
  candidate_id: number;
  status: 'active' | 'rejected' | 'hired';
  jobs: { id: number; name: string }[];
  current_stage: { id: number; name: string } | null;
  source: { id: number; public_name: string } | null;
  referrer: { type: string; value: string } | null;
  last_activity_at: string;
  offer: { starts_at: string | null } | null;
}

export interface GhCandidateRecord {
  id: number;
  first_name: string;
  last_name: string;
  email_addresses: { value: string; type: string }[];
  applications: GhApplicationRecord[];
  attachments: { filename: string; type: string; content_type: string; size: number }[];
  notes: { id: number; body: string; user_id: number; visibility: string }[];
  tags: string[];
}

export interface FakeGreenhouse {
  origin: string;
  /** GREENHOUSE_HARVEST_URL for the app. */
  harvestUrl: string;
  apiKey: string;
  /** The Greenhouse user ids writes may be made on behalf of. */
  userIds: number[];
  jobs: {
    id: number;
    name: string;
    status: 'open' | 'closed';
    offices: { name: string; location: { name: string } }[];
    /** Custom fields as Harvest's job object shows them; `salary_range` is a currency-range field. */
    custom_fields?: {
      salary_range?: { min_value: number; max_value: number; unit: string } | null;
      employment_type?: string | null;
    };
  }[];
  /** Job posts (Harvest's job post object): a job's board posting, its content HTML. */
  jobPosts: {
    id: number;
    job_id: number;
    title: string;
    live: boolean;
    internal: boolean;
    external: boolean;
    location: { name: string };
    content: string;
    internal_content: string | null;
    updated_at: string;
  }[];
  candidates: Map<number, GhCandidateRecord>;
  requests: { method: string; path: string; body: Json | null; onBehalfOf: string | undefined }[];
  /** The next `times` requests matching "METHOD /v1/path-prefix" fail this way. */
  failNext(match: string, failure: Failure, times?: number, retryAfterSeconds?: number): void;
  /** A candidate already in Greenhouse (made by a recruiter there). */
  addCandidate(name: [string, string], email: string): GhCandidateRecord;
  /** Moves an application as a recruiter would (stage, hire with a start date, rejection). */
  moveApplication(
    id: number,
    change: { stage?: string; status?: GhApplicationRecord['status']; startsAt?: string },
  ): GhApplicationRecord;
  /**
   * A web hook about an application as Greenhouse sends it: its body and headers, signed under `secret`
   * (`signature` replaces the real one; null leaves it out). The test posts it to the app.
   */
  webhook(
    secret: string,
    action: string,
    applicationId: number,
    options?: { signature?: string | null; eventId?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const STAGES = ['Application Review', 'Phone Interview', 'Face to Face', 'Offer', 'Hired'];

export async function startFakeGreenhouse(
  options: {
    apiKey?: string;
    port?: number;
    /** As a process for the browser tests: /_test/ endpoints read the candidates and send a hire web hook. */
    control?: boolean;
  } = {},
): Promise<FakeGreenhouse> {
  const apiKey = options.apiKey ?? `gh_${randomUUID().replace(/-/g, '')}`;
  let nextId = 1000;
  const failures: { match: string; failure: Failure; times: number; retryAfter: number }[] = [];
  const fake: Omit<FakeGreenhouse, 'origin' | 'harvestUrl' | 'close'> = {
    apiKey,
    userIds: [4080],
    jobs: [
      {
        id: 87752,
        name: 'Interface Engineer',
        status: 'open',
        offices: [{ name: 'Boston', location: { name: 'Boston, MA' } }],
        custom_fields: {
          salary_range: { min_value: 110000, max_value: 140000, unit: 'USD' },
          employment_type: 'Full-Time',
        },
      },
      {
        id: 87753,
        name: 'Clinical Data Analyst',
        status: 'open',
        offices: [],
        custom_fields: { salary_range: null, employment_type: 'Contract' },
      },
      { id: 87754, name: 'Old Role', status: 'closed', offices: [] },
    ],
    jobPosts: [
      {
        id: 5501,
        job_id: 87752,
        title: 'Interface Engineer',
        live: true,
        internal: false,
        external: true,
        location: { name: 'Boston, MA' },
        content:
          '&lt;p&gt;Keep the hospital feeds flowing.&lt;/p&gt;&lt;h3&gt;Requirements&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;HL7 v2&lt;/li&gt;&lt;/ul&gt;',
        internal_content: null,
        updated_at: '2026-11-30T09:00:00Z',
      },
    ],
    candidates: new Map(),
    requests: [],
    failNext(match, failure, times = 1, retryAfterSeconds = 1) {
      failures.push({ match, failure, times, retryAfter: retryAfterSeconds });
    },
    addCandidate([first, last], email) {
      const candidate: GhCandidateRecord = {
        id: ++nextId,
        first_name: first,
        last_name: last,
        email_addresses: [{ value: email, type: 'personal' }],
        applications: [],
        attachments: [],
        notes: [],
        tags: [],
      };
      fake.candidates.set(candidate.id, candidate);
      return candidate;
    },
    moveApplication(id, change) {
      const application = [...fake.candidates.values()].flatMap((c) => c.applications).find((a) => a.id === id);
      if (!application) throw new Error(`no application ${id}`);
      if (change.stage) application.current_stage = { id: STAGES.indexOf(change.stage) + 1, name: change.stage };
      if (change.status) application.status = change.status;
      if (change.startsAt) application.offer = { starts_at: change.startsAt };
      application.last_activity_at = new Date().toISOString();
      return application;
    },
    webhook(secret, action, applicationId, deliveryOptions = {}) {
      const application = [...fake.candidates.values()]
        .flatMap((c) => c.applications)
        .find((a) => a.id === applicationId);
      const candidate = application ? fake.candidates.get(application.candidate_id) : undefined;
      const body = JSON.stringify({
        action,
        payload: {
          application: application
            ? {
                ...application,
                candidate: candidate
                  ? { id: candidate.id, first_name: candidate.first_name, last_name: candidate.last_name }
                  : null,
              }
            : { id: applicationId },
        },
      });
      const signature =
        deliveryOptions.signature === undefined
          ? `sha256 ${createHmac('sha256', secret).update(body).digest('hex')}`
          : deliveryOptions.signature;
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'greenhouse-event-id': deliveryOptions.eventId ?? randomUUID(),
          ...(signature === null ? {} : { signature }),
        },
      };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const unprocessable = (res: ServerResponse, field: string, message: string) =>
    send(res, 422, { message: 'Validation error', errors: [{ message, field }] });

  const findApplicationFor = (candidate: GhCandidateRecord, body: Json, res: ServerResponse) => {
    const jobId = body.job_id;
    const job = fake.jobs.find((j) => j.id === jobId);
    if (typeof jobId !== 'number' || !job) return (unprocessable(res, 'job_id', 'Job must exist'), null);
    const referrer = body.referrer as { type?: unknown; value?: unknown } | undefined;
    if (
      referrer !== undefined &&
      (!['id', 'email', 'outside'].includes(String(referrer.type)) || typeof referrer.value !== 'string')
    )
      return (unprocessable(res, 'referrer', 'Referrer must have a type of id, email or outside and a value'), null);
    const application: GhApplicationRecord = {
      id: ++nextId,
      candidate_id: candidate.id,
      status: 'active',
      jobs: [{ id: job.id, name: job.name }],
      current_stage: { id: 1, name: STAGES[0]! },
      source: typeof body.source_id === 'number' ? { id: body.source_id, public_name: 'Referral' } : null,
      referrer: referrer ? { type: String(referrer.type), value: String(referrer.value) } : null,
      last_activity_at: new Date().toISOString(),
      offer: null,
    };
    return application;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    let body: Json | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return send(res, 400, { message: 'Invalid JSON' });
      }
    }
    if (options.control && url.pathname.startsWith('/_test/')) return control(url.pathname, body, res);
    const onBehalfOf = req.headers['on-behalf-of'] as string | undefined;
    fake.requests.push({ method, path: url.pathname + url.search, body, onBehalfOf });
    const failure = failures.find((f) => `${method} ${url.pathname}`.startsWith(f.match) && f.times > 0);
    if (failure) {
      failure.times--;
      if (failure.failure === 'timeout') return; // never answers
      if (failure.failure === 429)
        return send(res, 429, { message: 'Rate limit exceeded' }, { 'retry-after': String(failure.retryAfter) });
      if (failure.failure === 401) return send(res, 401, { message: 'Invalid Basic Auth credentials' });
      return send(res, 500, { message: 'Internal server error' });
    }
    const expected = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
    if (req.headers.authorization !== expected) return send(res, 401, { message: 'Invalid Basic Auth credentials' });
    if (method !== 'GET') {
      if (!onBehalfOf || !fake.userIds.includes(Number(onBehalfOf)))
        return send(res, 403, { message: 'Invalid or missing On-Behalf-Of header' });
      if (req.headers['content-type'] !== 'application/json') return send(res, 415, { message: 'JSON only' });
    }
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/users\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      if (!fake.userIds.includes(id)) return send(res, 404, { message: 'Resource not found' });
      return send(res, 200, { id, name: 'Hiring Admin', primary_email_address: 'admin@example.com', disabled: false });
    }
    if (method === 'GET' && path === '/v1/jobs') {
      const status = url.searchParams.get('status');
      return send(
        res,
        200,
        fake.jobs.filter((j) => !status || j.status === status),
      );
    }
    if (method === 'GET' && path === '/v1/job_posts') {
      // live=true: only live posts; per_page 1–500 (Harvest's list parameters).
      const perPage = Number(url.searchParams.get('per_page') ?? '100');
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500)
        return unprocessable(res, 'per_page', 'Must be an integer between 1 and 500');
      const live = url.searchParams.get('live') === 'true';
      return send(res, 200, fake.jobPosts.filter((p) => !live || p.live).slice(0, perPage));
    }
    if (method === 'GET' && path === '/v1/candidates') {
      const email = url.searchParams.get('email')?.toLowerCase();
      const found = [...fake.candidates.values()].filter(
        (c) => !email || c.email_addresses.some((e) => e.value.toLowerCase() === email),
      );
      return send(res, 200, found);
    }
    if (method === 'POST' && path === '/v1/candidates') {
      if (!body || typeof body.first_name !== 'string' || !body.first_name)
        return unprocessable(res, 'first_name', 'First name is required');
      if (typeof body.last_name !== 'string' || !body.last_name)
        return unprocessable(res, 'last_name', 'Last name is required');
      const applications = body.applications;
      if (!Array.isArray(applications) || applications.length === 0)
        return unprocessable(res, 'applications', 'Applications are required');
      const candidate: GhCandidateRecord = {
        id: ++nextId,
        first_name: body.first_name,
        last_name: body.last_name,
        email_addresses: (body.email_addresses as GhCandidateRecord['email_addresses']) ?? [],
        applications: [],
        attachments: [],
        notes: [],
        tags: (body.tags as string[]) ?? [],
      };
      for (const input of applications as Json[]) {
        const application = findApplicationFor(candidate, input, res);
        if (!application) return;
        candidate.applications.push(application);
      }
      fake.candidates.set(candidate.id, candidate);
      return send(res, 201, candidate);
    }
    if ((match = /^\/v1\/candidates\/(\d+)(\/.*)?$/.exec(path))) {
      const candidate = fake.candidates.get(Number(match[1]));
      if (!candidate) return send(res, 404, { message: 'Resource not found' });
      const rest = match[2] ?? '';
      if (method === 'POST' && rest === '/applications') {
        const application = findApplicationFor(candidate, body ?? {}, res);
        if (!application) return;
        candidate.applications.push(application);
        return send(res, 201, application);
      }
      if (method === 'POST' && rest === '/attachments') {
        if (!body || typeof body.filename !== 'string') return unprocessable(res, 'filename', 'Filename is required');
        if (!['resume', 'cover_letter', 'admin_only'].includes(String(body.type)))
          return unprocessable(res, 'type', 'Type must be resume, cover_letter or admin_only');
        if (typeof body.content !== 'string' && typeof body.url !== 'string')
          return unprocessable(res, 'content', 'Content or url is required');
        if (typeof body.content === 'string' && typeof body.content_type !== 'string')
          return unprocessable(res, 'content_type', 'Content type is required with content');
        const size = typeof body.content === 'string' ? Buffer.from(body.content, 'base64').length : 0;
        const attachment = {
          filename: body.filename,
          type: String(body.type),
          content_type: String(body.content_type),
          size,
        };
        candidate.attachments.push(attachment);
        return send(res, 201, {
          filename: attachment.filename,
          type: attachment.type,
          url: `${fakeOrigin}/files/${nextId++}`,
        });
      }
      if (method === 'GET' && rest === '/activity_feed')
        return send(res, 200, { notes: candidate.notes, emails: [], activities: [] });
      if (method === 'POST' && rest === '/activity_feed/notes') {
        if (!body || typeof body.user_id !== 'number') return unprocessable(res, 'user_id', 'User is required');
        if (typeof body.body !== 'string' || !body.body) return unprocessable(res, 'body', 'Body is required');
        if (!['admin_only', 'private', 'public'].includes(String(body.visibility)))
          return unprocessable(res, 'visibility', 'Visibility must be admin_only, private or public');
        const note = { id: ++nextId, body: body.body, user_id: body.user_id, visibility: String(body.visibility) };
        candidate.notes.push(note);
        return send(res, 201, note);
      }
    }
    if (method === 'GET' && path === '/v1/applications') {
      const after = Date.parse(url.searchParams.get('last_activity_after') ?? '');
      const all = [...fake.candidates.values()].flatMap((c) => c.applications);
      return send(
        res,
        200,
        all.filter((a) => Number.isNaN(after) || Date.parse(a.last_activity_at) > after),
      );
    }
    return send(res, 404, { message: 'Resource not found' });
  }

  /** The browser tests' hands on the fake: its health, its candidates, and a recruiter's hire sent as a web hook. */
  async function control(path: string, body: Json | null, res: ServerResponse) {
    if (path === '/_test/health') return send(res, 200, { ok: true });
    if (path === '/_test/candidates') return send(res, 200, [...fake.candidates.values()]);
    if (path === '/_test/hire' && body) {
      const email = String(body.email).toLowerCase();
      const candidate = [...fake.candidates.values()].find((c) =>
        c.email_addresses.some((e) => e.value.toLowerCase() === email),
      );
      const application = candidate?.applications[0];
      if (!application) return send(res, 404, { message: 'No such candidate' });
      fake.moveApplication(application.id, { stage: 'Hired', status: 'hired', startsAt: String(body.startsAt) });
      const delivery = fake.webhook(String(body.secret), 'hire_candidate', application.id);
      const answer = await fetch(String(body.webhookUrl), {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      return send(res, 200, { status: answer.status, answer: await answer.json() });
    }
    return send(res, 404, { message: 'Resource not found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const fakeOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin: fakeOrigin,
    harvestUrl: `${fakeOrigin}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The server's env for a fake at `origin`: the Harvest URL, the loopback allowed, a short timeout. */
export const greenhouseTestEnv = (fake: FakeGreenhouse) => ({
  GREENHOUSE_HARVEST_URL: fake.harvestUrl,
  OUTBOUND_ALLOW_HOSTS: new URL(fake.origin).host,
  ATS_TIMEOUT_MS: '1000',
});

// The browser tests start it as a process: FAKE_GREENHOUSE_PORT, FAKE_GREENHOUSE_API_KEY.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeGreenhouse({
    port: Number(process.env.FAKE_GREENHOUSE_PORT ?? 0),
    apiKey: process.env.FAKE_GREENHOUSE_API_KEY ?? 'gh_e2e_harvest_key',
    control: true,
  });
  console.log(`fake Greenhouse on ${fake.origin}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
