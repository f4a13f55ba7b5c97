// Test support: a small Ashby API server for the tests, answering only the methods Referwell calls, with the shapes of
// Ashby's reference (https://developers.ashbyhq.com/reference; ADR 0032). Every method is `POST /<method>` with a JSON
// body (candidate.uploadResume: multipart/form-data) answered `{ success: true, results }`; lists page with
// `limit`/`cursor` and answer `moreDataAvailable`/`nextCursor`. Methods: apiKey.info, candidate.search,
// candidate.create, candidate.uploadResume, candidate.listNotes, candidate.createNote, user.search, application.info,
// application.create, application.list (incremental with `syncToken`: the last page answers the next token; a token
// made stale by expireSyncTokens() is refused with `sync_token_expired`), job.list, offer.list (`applicationId`; each offer's `latestVersion.startDate`). It checks HTTP Basic auth as Ashby documents it (no key: 401, a
// wrong key: 403), the documented required fields and ids (a refusal is HTTP 200 with `success: false`, `errors` and
// `errorInfo`, as Ashby answers), keeps its candidates in memory, and sends webhooks signed as Ashby signs them
// (`Ashby-Signature: sha256=<hex>`, HMAC-SHA256 of the body under the secret token). Tests make it fail on purpose:
// 429 with Retry-After, 500, 401, or no answer at all (the client's timeout).
import { createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMultipart } from './multipart-form';

type Json = Record<string, unknown>;
type Failure = 429 | 500 | 401 | 'timeout';

export interface AshbyApplicationRecord {
  id: string;
  status: 'Active' | 'Hired' | 'Archived' | 'Lead';
  candidate: { id: string; name: string };
  job: { id: string; title: string };
  currentInterviewStage: { id: string; title: string; type: string };
  source: { id: string; title: string } | null;
  creditedToUser: { id: string; email: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** An offer as offer.list answers it: its status and the latest version's terms. */
export interface AshbyOfferRecord {
  id: string;
  applicationId: string;
  acceptanceStatus: 'Accepted' | 'Declined' | 'Pending' | 'Created' | 'Cancelled' | 'WaitingOnResponse';
  offerStatus: 'WaitingOnApprovalStart' | 'WaitingOnOfferApproval' | 'WaitingOnCandidateResponse' | 'CandidateAccepted';
  decidedAt: string | null;
  latestVersion: { id: string; startDate: string | null; createdAt: string };
}

export interface AshbyCandidateRecord {
  id: string;
  name: string;
  primaryEmailAddress: { value: string; type: string; isPrimary: boolean } | null;
  applicationIds: string[];
  resumeFileHandle: { id: string; name: string; handle: string } | null;
  source: { id: string; title: string } | null;
  creditedToUser: { id: string; email: string } | null;
  resumes: { name: string; contentType: string; size: number }[];
  notes: { id: string; content: string; createdAt: string }[];
}

export interface FakeAshby {
  origin: string;
  /** ASHBY_DATA_API_URL for the app. */
  apiUrl: string;
  apiKey: string;
  users: { id: string; email: string; firstName: string; lastName: string }[];
  sources: { id: string; title: string }[];
  jobs: {
    id: string;
    title: string;
    status: 'Open' | 'Closed' | 'Draft' | 'Archived';
    location: { id: string; name: string };
  }[];
  stages: { id: string; title: string; type: string }[];
  candidates: Map<string, AshbyCandidateRecord>;
  applications: Map<string, AshbyApplicationRecord>;
  offers: AshbyOfferRecord[];
  requests: { method: string; body: Json | null }[];
  failNext(method: string, failure: Failure, times?: number, retryAfterSeconds?: number): void;
  /** Makes every sync token handed out so far expire (Ashby refuses them with `sync_token_expired`). */
  expireSyncTokens(): void;
  addCandidate(name: string, email: string): AshbyCandidateRecord;
  /**
   * Moves an application as a recruiter would: to a stage by title, hired or archived; `startDate` (YYYY-MM-DD) adds
   * the accepted offer starting then.
   */
  moveApplication(
    id: string,
    change: { stage?: string; status?: AshbyApplicationRecord['status']; startDate?: string },
  ): AshbyApplicationRecord;
  /** A webhook about an application, signed under `secret` (`signature` replaces the real one; null leaves it out). */
  webhook(
    secret: string,
    action: 'candidateStageChange' | 'candidateHire' | 'applicationUpdate' | 'ping',
    applicationId: string,
    options?: { signature?: string | null },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const PAGE_MAX = 100;

export async function startFakeAshby(options: { apiKey?: string } = {}): Promise<FakeAshby> {
  const apiKey = options.apiKey ?? `ab_${randomUUID().replace(/-/g, '')}`;
  const failures: { method: string; failure: Failure; times: number; retryAfter: number }[] = [];
  const stages = [
    { id: randomUUID(), title: 'Application Review', type: 'PreInterviewScreen' },
    { id: randomUUID(), title: 'Recruiter Screen', type: 'Active' },
    { id: randomUUID(), title: 'Phone Screen', type: 'Active' },
    { id: randomUUID(), title: 'Onsite', type: 'Active' },
    { id: randomUUID(), title: 'Team Lunch', type: 'Active' },
    { id: randomUUID(), title: 'Offer', type: 'Offer' },
    { id: randomUUID(), title: 'Hired', type: 'Hired' },
    { id: randomUUID(), title: 'Archived', type: 'Archived' },
  ];
  const now = () => new Date().toISOString();
  /** Each sync token handed out and the time it reads changes from (null: expired). */
  const syncTokens = new Map<string, number | null>();
  const fake: Omit<FakeAshby, 'origin' | 'apiUrl' | 'close'> = {
    apiKey,
    users: [],
    sources: [{ id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', title: 'Referral' }],
    jobs: [
      {
        id: '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        title: 'Interface Engineer',
        status: 'Open',
        location: { id: randomUUID(), name: 'Boston, MA' },
      },
      {
        id: '2e3f4051-6b7c-4d8e-9fa0-1b2c3d4e5f60',
        title: 'Clinical Data Analyst',
        status: 'Open',
        location: { id: randomUUID(), name: 'Remote' },
      },
      {
        id: '3f405162-7c8d-4e9f-a0b1-2c3d4e5f6071',
        title: 'Old Role',
        status: 'Closed',
        location: { id: randomUUID(), name: 'Boston, MA' },
      },
    ],
    stages,
    candidates: new Map(),
    applications: new Map(),
    offers: [],
    requests: [],
    failNext(method, failure, times = 1, retryAfterSeconds = 1) {
      failures.push({ method, failure, times, retryAfter: retryAfterSeconds });
    },
    expireSyncTokens() {
      for (const token of syncTokens.keys()) syncTokens.set(token, null);
    },
    addCandidate(name, email) {
      const candidate: AshbyCandidateRecord = {
        id: randomUUID(),
        name,
        primaryEmailAddress: { value: email, type: 'Personal', isPrimary: true },
        applicationIds: [],
        resumeFileHandle: null,
        source: null,
        creditedToUser: null,
        resumes: [],
        notes: [],
      };
      fake.candidates.set(candidate.id, candidate);
      return candidate;
    },
    moveApplication(id, change) {
      const application = fake.applications.get(id);
      if (!application) throw new Error(`no application ${id}`);
      if (change.stage) {
        const stage = stages.find((s) => s.title === change.stage);
        if (!stage) throw new Error(`no stage ${change.stage}`);
        application.currentInterviewStage = stage;
      }
      if (change.status) application.status = change.status;
      if (change.startDate)
        fake.offers.push({
          id: randomUUID(),
          applicationId: id,
          acceptanceStatus: 'Accepted',
          offerStatus: 'CandidateAccepted',
          decidedAt: now(),
          latestVersion: { id: randomUUID(), startDate: change.startDate, createdAt: now() },
        });
      application.updatedAt = now();
      return application;
    },
    webhook(secret, action, applicationId, deliveryOptions = {}) {
      const application = fake.applications.get(applicationId);
      const body = JSON.stringify(
        action === 'ping'
          ? { action, data: { webhookActionType: 'ping' } }
          : { action, data: { application: application ?? { id: applicationId } } },
      );
      const signature =
        deliveryOptions.signature === undefined
          ? `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
          : deliveryOptions.signature;
      return {
        body,
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'ashby-signature': signature }),
        },
      };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, results: unknown) => send(res, 200, { success: true, results });
  const refuse = (res: ServerResponse, code: string, message: string) =>
    send(res, 200, { success: false, errors: [message], errorInfo: { code, message } });
  const page = (res: ServerResponse, body: Json, items: unknown[], syncToken?: () => string) => {
    const limit = Math.min(PAGE_MAX, typeof body.limit === 'number' ? body.limit : PAGE_MAX);
    const offset = typeof body.cursor === 'string' ? Number(body.cursor) : 0;
    const more = offset + limit < items.length;
    return send(res, 200, {
      success: true,
      results: items.slice(offset, offset + limit),
      moreDataAvailable: more,
      ...(more ? { nextCursor: String(offset + limit) } : {}),
      ...(!more && syncToken ? { syncToken: syncToken() } : {}),
    });
  };
  const isId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value);
  const shownCandidate = (c: AshbyCandidateRecord) => {
    const { resumes: _resumes, notes: _notes, ...rest } = c;
    return rest;
  };

  function credit(
    body: Json,
    res: ServerResponse,
  ): { source: AshbyCandidateRecord['source']; user: AshbyCandidateRecord['creditedToUser'] } | null {
    let source: AshbyCandidateRecord['source'] = null;
    let user: AshbyCandidateRecord['creditedToUser'] = null;
    if (body.sourceId !== undefined) {
      source = fake.sources.find((s) => s.id === body.sourceId) ?? null;
      if (!source) return (refuse(res, 'invalid_input', 'sourceId does not exist'), null);
    }
    if (body.creditedToUserId !== undefined) {
      const found = fake.users.find((u) => u.id === body.creditedToUserId);
      if (!found) return (refuse(res, 'invalid_input', 'creditedToUserId does not exist'), null);
      user = { id: found.id, email: found.email };
    }
    return { source, user };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const method = (req.url ?? '/').replace(/^\//, '').split('?')[0]!;
    const contentType = req.headers['content-type'];
    let body: Json = {};
    if (contentType === 'application/json') {
      try {
        body = (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as Json;
      } catch {
        return send(res, 400, { success: false, errors: ['Invalid JSON'] });
      }
    }
    fake.requests.push({ method, body: contentType === 'application/json' ? body : null });
    const failure = failures.find((f) => f.method === method && f.times > 0);
    if (failure) {
      failure.times--;
      if (failure.failure === 'timeout') return;
      if (failure.failure === 429)
        return send(
          res,
          429,
          { success: false, errors: ['rate_limit_exceeded'] },
          { 'retry-after': String(failure.retryAfter) },
        );
      if (failure.failure === 401) return send(res, 401, { success: false, errors: ['Unauthorized'] });
      return send(res, 500, { success: false, errors: ['internal_error'] });
    }
    if (req.method !== 'POST') return send(res, 405, { success: false, errors: ['Use POST'] });
    const authorization = req.headers.authorization;
    if (!authorization) return send(res, 401, { success: false, errors: ['Missing API key'] });
    if (authorization !== `Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}`)
      return send(res, 403, { success: false, errors: ['Invalid or deactivated API key'] });
    if (method === 'candidate.uploadResume') {
      const form = parseMultipart(raw, contentType);
      if (!form) return refuse(res, 'invalid_input', 'The Content-Type of this request must be multipart/form-data');
      const candidate = fake.candidates.get(form.fields.candidateId ?? '');
      if (!candidate) return refuse(res, 'candidate_not_found', 'candidateId does not exist');
      const file = form.files.find((f) => f.field === 'resume');
      if (!file) return refuse(res, 'invalid_input', 'resume is required');
      candidate.resumes.push({ name: file.filename, contentType: file.contentType, size: file.content.length });
      candidate.resumeFileHandle = { id: randomUUID(), name: file.filename, handle: randomUUID() };
      return ok(res, shownCandidate(candidate));
    }
    if (contentType !== 'application/json') return send(res, 415, { success: false, errors: ['JSON only'] });
    switch (method) {
      case 'apiKey.info':
        return ok(res, { title: 'Referwell', createdAt: now() });
      case 'user.search': {
        if (typeof body.email !== 'string') return refuse(res, 'invalid_input', 'email is required');
        const email = body.email.toLowerCase();
        return ok(
          res,
          fake.users.filter((u) => u.email.toLowerCase() === email),
        );
      }
      case 'candidate.search': {
        if (typeof body.email !== 'string' && typeof body.name !== 'string')
          return refuse(res, 'invalid_input', 'email or name is required');
        const email = typeof body.email === 'string' ? body.email.toLowerCase() : null;
        return ok(
          res,
          [...fake.candidates.values()]
            .filter((c) => (email ? c.primaryEmailAddress?.value.toLowerCase() === email : c.name === body.name))
            .map(shownCandidate),
        );
      }
      case 'candidate.create': {
        if (typeof body.name !== 'string' || !body.name.trim()) return refuse(res, 'invalid_input', 'name is required');
        if (body.email !== undefined && (typeof body.email !== 'string' || !body.email.includes('@')))
          return refuse(res, 'invalid_input', 'email is not an e-mail address');
        const credited = credit(body, res);
        if (!credited) return;
        const candidate = fake.addCandidate(body.name, String(body.email ?? ''));
        if (!body.email) candidate.primaryEmailAddress = null;
        candidate.source = credited.source;
        candidate.creditedToUser = credited.user;
        return ok(res, shownCandidate(candidate));
      }
      case 'candidate.listNotes': {
        const candidate = fake.candidates.get(String(body.candidateId));
        if (!candidate) return refuse(res, 'candidate_not_found', 'candidateId does not exist');
        return page(res, body, candidate.notes);
      }
      case 'candidate.createNote': {
        const candidate = fake.candidates.get(String(body.candidateId));
        if (!candidate) return refuse(res, 'candidate_not_found', 'candidateId does not exist');
        const note = body.note;
        const content =
          typeof note === 'string'
            ? note
            : note && typeof note === 'object' && typeof (note as Json).value === 'string'
              ? String((note as Json).value)
              : null;
        if (!content) return refuse(res, 'invalid_input', 'note is required');
        const record = { id: randomUUID(), content, createdAt: now() };
        candidate.notes.push(record);
        return ok(res, record);
      }
      case 'application.info': {
        const application = fake.applications.get(String(body.applicationId));
        if (!application) return refuse(res, 'application_not_found', 'applicationId does not exist');
        return ok(res, application);
      }
      case 'application.create': {
        if (!isId(body.candidateId) || !isId(body.jobId))
          return refuse(res, 'invalid_input', 'candidateId and jobId are required');
        const candidate = fake.candidates.get(body.candidateId);
        if (!candidate) return refuse(res, 'candidate_not_found', 'candidateId does not exist');
        const job = fake.jobs.find((j) => j.id === body.jobId);
        if (!job || job.status !== 'Open') return refuse(res, 'job_not_found', 'jobId is not an open job');
        if (candidate.applicationIds.some((id) => fake.applications.get(id)?.job.id === job.id))
          return refuse(res, 'application_already_exists', 'The candidate already has an application for this job');
        const credited = credit(body, res);
        if (!credited) return;
        const application: AshbyApplicationRecord = {
          id: randomUUID(),
          status: 'Active',
          candidate: { id: candidate.id, name: candidate.name },
          job: { id: job.id, title: job.title },
          currentInterviewStage: stages[0]!,
          source: credited.source,
          creditedToUser: credited.user,
          createdAt: now(),
          updatedAt: now(),
        };
        fake.applications.set(application.id, application);
        candidate.applicationIds.push(application.id);
        return ok(res, application);
      }
      case 'offer.list': {
        if (body.applicationId !== undefined && !isId(body.applicationId))
          return refuse(res, 'invalid_input', 'applicationId is not an id');
        return page(
          res,
          body,
          fake.offers.filter((o) => body.applicationId === undefined || o.applicationId === body.applicationId),
        );
      }
      case 'application.list': {
        let from = 0;
        if (body.syncToken !== undefined) {
          const known = typeof body.syncToken === 'string' ? syncTokens.get(body.syncToken) : undefined;
          if (known === undefined) return refuse(res, 'sync_token_invalid', 'The sync token cannot be decoded');
          if (known === null)
            return refuse(res, 'sync_token_expired', 'The sync token has expired: sync again without it');
          from = known;
        }
        const changed = [...fake.applications.values()].filter((a) => Date.parse(a.updatedAt) >= from);
        // The last page's token reads the changes made from now on.
        return page(res, body, changed, () => {
          const token = `st_${randomUUID()}`;
          syncTokens.set(token, Date.now());
          return token;
        });
      }
      case 'job.list': {
        const statuses = Array.isArray(body.status) ? (body.status as string[]) : null;
        const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];
        return page(
          res,
          body,
          fake.jobs
            .filter((j) => !statuses || statuses.includes(j.status))
            .map(({ location, ...job }) => ({
              ...job,
              locationId: location.id,
              ...(expand.includes('location') ? { location } : {}),
            })),
        );
      }
      default:
        return send(res, 404, { success: false, errors: [`Unknown method ${method}`] });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { success: false, errors: [String(error)] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    apiUrl: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The server's env for the fake: the API URL, the loopback allowed, a short timeout. */
export const ashbyTestEnv = (fake: FakeAshby) => ({
  ASHBY_DATA_API_URL: fake.apiUrl,
  OUTBOUND_ALLOW_HOSTS: new URL(fake.origin).host,
  ATS_TIMEOUT_MS: '1000',
});
