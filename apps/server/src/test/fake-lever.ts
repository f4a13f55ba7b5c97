// Test support: a small Lever API v1 server for the tests, answering only the endpoints Referwell calls, with the
// shapes of Lever's reference (https://hire.lever.co/developer/documentation; ADR 0032): GET /v1/users/{id},
// GET /v1/postings?state=, GET /v1/opportunities (email=, updated_at_start=, expand=applications|stage, limit/offset),
// POST /v1/opportunities, GET|POST /v1/opportunities/{id}/files (multipart `file`), GET|POST
// /v1/opportunities/{id}/notes, GET /v1/opportunities/{id}/offers (each offer's `fields[]`: `text`, `identifier`,
// `value`; the anticipated start date a timestamp in ms), GET /v1/archive_reasons. Lists answer `{ data, hasNext, next }`, one object
// `{ data }`. It checks HTTP Basic auth (the key as user name, an empty password: 401 otherwise), `perform_as` on
// every write (a known user: 400 otherwise) and the documented fields (400 with Lever's `{ code, message }`), keeps
// its opportunities in memory, and sends webhooks signed as Lever signs them (`signature`: hex HMAC-SHA256 of
// `token + triggeredAt` under the webhook's signature token, all in the body). Tests make it fail on purpose: 429
// with Retry-After, 500, 401, or no answer at all (the client's timeout).
import { createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseMultipart } from './multipart-form';

type Json = Record<string, unknown>;
type Failure = 429 | 500 | 401 | 'timeout';

const ORIGINS = ['agency', 'applied', 'internal', 'referred', 'sourced', 'university'];

export interface LeverOpportunityRecord {
  id: string;
  contact: string;
  name: string;
  emails: string[];
  phones: { type: string; value: string }[];
  origin: string;
  sources: string[];
  tags: string[];
  stage: string;
  archived: { reason: string; archivedAt: number } | null;
  applications: { id: string; posting: string; type: string }[];
  createdAt: number;
  updatedAt: number;
  files: { id: string; name: string; ext: string; size: number; contentType: string }[];
  notes: { id: string; text: string; fields: { type: string; text: string; value: string }[]; user: string }[];
  offers: LeverOffer[];
  performedAs: string;
}

/** An offer as GET /opportunities/{id}/offers lists it. */
export interface LeverOffer {
  id: string;
  createdAt: number;
  status: 'draft' | 'approval-sent' | 'approved' | 'sent' | 'sent-manually' | 'opened' | 'denied' | 'signed';
  creator: string;
  fields: { text: string; identifier: string; value: string | number | null }[];
}

export interface FakeLever {
  origin: string;
  /** LEVER_DATA_API_URL for the app. */
  apiUrl: string;
  apiKey: string;
  /** The Lever user ids writes may be performed as. */
  userIds: string[];
  postings: { id: string; text: string; state: 'published' | 'closed' | 'draft'; categories: { location?: string } }[];
  stages: { id: string; text: string }[];
  archiveReasons: { id: string; text: string; status: 'active'; type: 'hired' | 'non-hired' }[];
  opportunities: Map<string, LeverOpportunityRecord>;
  requests: { method: string; path: string; body: Json | null; performAs: string | null }[];
  /** The next `times` requests whose method, path and query begin with `match` fail so. */
  failNext(match: string, failure: Failure, times?: number, retryAfterSeconds?: number): void;
  /** An opportunity already in Lever (a recruiter added the person to another posting, or none). */
  addOpportunity(name: string, email: string, postingId?: string): LeverOpportunityRecord;
  /**
   * Moves an opportunity as a recruiter would: to a stage (by its name), or archived with a reason; `startDate`
   * (YYYY-MM-DD) adds the signed offer carrying it as its anticipated start date.
   */
  moveOpportunity(
    id: string,
    change: { stage?: string; archiveReason?: string; startDate?: string },
  ): LeverOpportunityRecord;
  /**
   * A webhook about an opportunity as Lever sends it, signed under `signatureToken`. `signature` replaces the real
   * one (null leaves it out); `triggeredAt` sets the time (a replay sends the same).
   */
  webhook(
    signatureToken: string,
    event: 'candidateStageChange' | 'candidateArchiveChange' | 'candidateHired' | 'applicationCreated',
    opportunityId: string,
    options?: { signature?: string | null; triggeredAt?: number },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakeLever(options: { apiKey?: string } = {}): Promise<FakeLever> {
  const apiKey = options.apiKey ?? `lv_${randomUUID().replace(/-/g, '')}`;
  const failures: { match: string; failure: Failure; times: number; retryAfter: number }[] = [];
  const previousStage = new Map<string, string>();
  const fake: Omit<FakeLever, 'origin' | 'apiUrl' | 'close'> = {
    apiKey,
    userIds: ['8d49b010-cc6a-4f40-ace5-e86061c677ed'],
    postings: [
      {
        id: '5f4b2c7e-8c1a-4b8e-9d6e-2a3b4c5d6e7f',
        text: 'Interface Engineer',
        state: 'published',
        categories: { location: 'Boston, MA' },
      },
      { id: '6a5c3d8f-9d2b-4c9f-8e7f-3b4c5d6e7f80', text: 'Clinical Data Analyst', state: 'published', categories: {} },
      { id: '7b6d4e90-ae3c-4da0-9f80-4c5d6e7f8091', text: 'Old Role', state: 'closed', categories: {} },
    ],
    stages: [
      { id: 'lead-new', text: 'New lead' },
      { id: 'applicant-new', text: 'New applicant' },
      { id: 'recruiter-screen', text: 'Recruiter screen' },
      { id: 'phone-screen', text: 'Phone screen' },
      { id: 'on-site-interview', text: 'On-site interview' },
      { id: 'offer', text: 'Offer' },
      { id: '0f6a2c1e-4b7d-4e0a-9c1f-2d3e4f5a6b7c', text: 'Team Lunch' },
    ],
    archiveReasons: [
      { id: '63dd55b2-a99f-4e7b-985f-22c7bf80ab42', text: 'Hired', status: 'active', type: 'hired' },
      { id: 'e4a8b2c0-1d3f-4a5b-8c7d-9e0f1a2b3c4d', text: 'Underqualified', status: 'active', type: 'non-hired' },
    ],
    opportunities: new Map(),
    requests: [],
    failNext(match, failure, times = 1, retryAfterSeconds = 1) {
      failures.push({ match, failure, times, retryAfter: retryAfterSeconds });
    },
    addOpportunity(name, email, postingId) {
      const now = Date.now();
      const opportunity: LeverOpportunityRecord = {
        id: randomUUID(),
        contact: randomUUID(),
        name,
        emails: [email],
        phones: [],
        origin: 'sourced',
        sources: ['LinkedIn'],
        tags: [],
        stage: 'lead-new',
        archived: null,
        applications: postingId ? [{ id: randomUUID(), posting: postingId, type: 'user' }] : [],
        createdAt: now,
        updatedAt: now,
        files: [],
        notes: [],
        offers: [],
        performedAs: fake.userIds[0]!,
      };
      fake.opportunities.set(opportunity.id, opportunity);
      return opportunity;
    },
    moveOpportunity(id, change) {
      const opportunity = fake.opportunities.get(id);
      if (!opportunity) throw new Error(`no opportunity ${id}`);
      if (change.stage) {
        const stage = fake.stages.find((s) => s.text === change.stage);
        if (!stage) throw new Error(`no stage ${change.stage}`);
        previousStage.set(id, opportunity.stage);
        opportunity.stage = stage.id;
      }
      if (change.archiveReason) {
        const reason = fake.archiveReasons.find((r) => r.text === change.archiveReason);
        if (!reason) throw new Error(`no archive reason ${change.archiveReason}`);
        opportunity.archived = { reason: reason.id, archivedAt: Date.now() };
      }
      if (change.startDate)
        opportunity.offers.push({
          id: randomUUID(),
          createdAt: Date.now(),
          status: 'signed',
          creator: fake.userIds[0]!,
          fields: [
            { text: 'Job title', identifier: 'job_title', value: 'Interface Engineer' },
            {
              text: 'Anticipated start date',
              identifier: 'anticipated_start_date',
              value: Date.parse(`${change.startDate}T00:00:00Z`),
            },
          ],
        });
      opportunity.updatedAt = Date.now();
      return opportunity;
    },
    webhook(signatureToken, event, opportunityId, deliveryOptions = {}) {
      const opportunity = fake.opportunities.get(opportunityId);
      const token = randomUUID().replace(/-/g, '');
      const triggeredAt = deliveryOptions.triggeredAt ?? Date.now();
      const base = {
        opportunityId,
        candidateId: opportunity?.contact ?? null,
        contactId: opportunity?.contact ?? null,
      };
      const data =
        event === 'candidateStageChange'
          ? { ...base, fromStageId: previousStage.get(opportunityId) ?? null, toStageId: opportunity?.stage ?? null }
          : event === 'candidateArchiveChange'
            ? { ...base, fromArchived: null, toArchived: opportunity?.archived ?? null }
            : base;
      const signature =
        deliveryOptions.signature === undefined
          ? createHmac('sha256', signatureToken).update(`${token}${triggeredAt}`).digest('hex')
          : deliveryOptions.signature;
      const body = JSON.stringify({
        triggeredAt,
        event,
        ...(signature === null ? {} : { signature }),
        token,
        data,
      });
      return { body, headers: { 'content-type': 'application/json' } };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const badRequest = (res: ServerResponse, message: string) => send(res, 400, { code: 'BadRequestError', message });
  const notFound = (res: ServerResponse) => send(res, 404, { code: 'ResourceNotFound', message: 'Not found' });
  const list = (res: ServerResponse, url: URL, items: unknown[]) => {
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 100));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const page = items.slice(offset, offset + limit);
    const hasNext = offset + limit < items.length;
    return send(res, 200, { data: page, hasNext, ...(hasNext ? { next: String(offset + limit) } : {}) });
  };
  const shown = (opportunity: LeverOpportunityRecord, expand: string[]) => {
    const { files: _files, notes: _notes, offers: _offers, performedAs: _performedAs, ...rest } = opportunity;
    return {
      ...rest,
      stage: expand.includes('stage')
        ? (fake.stages.find((s) => s.id === opportunity.stage) ?? { id: opportunity.stage, text: opportunity.stage })
        : opportunity.stage,
      applications: expand.includes('applications')
        ? opportunity.applications
        : opportunity.applications.map((a) => a.id),
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const contentType = req.headers['content-type'];
    let body: Json | null = null;
    if (raw.length && contentType === 'application/json') {
      try {
        body = JSON.parse(raw.toString('utf8')) as Json;
      } catch {
        return badRequest(res, 'Invalid JSON');
      }
    }
    const performAs = url.searchParams.get('perform_as');
    fake.requests.push({ method, path: url.pathname + url.search, body, performAs });
    const failure = failures.find((f) => `${method} ${url.pathname}${url.search}`.startsWith(f.match) && f.times > 0);
    if (failure) {
      failure.times--;
      if (failure.failure === 'timeout') return;
      if (failure.failure === 429)
        return send(
          res,
          429,
          { code: 'TooManyRequests', message: 'Rate limit exceeded' },
          { 'retry-after': String(failure.retryAfter) },
        );
      if (failure.failure === 401) return send(res, 401, { code: 'UnauthorizedError', message: 'Invalid API key' });
      return send(res, 500, { code: 'InternalServerError', message: 'Internal server error' });
    }
    if (req.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return send(res, 401, { code: 'UnauthorizedError', message: 'Invalid API key' });
    if (method !== 'GET') {
      if (!performAs) return badRequest(res, 'perform_as is required');
      if (!fake.userIds.includes(performAs)) return badRequest(res, 'perform_as must be an active user');
    }
    const path = url.pathname;
    const expand = url.searchParams.getAll('expand');
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/users\/([^/]+)$/.exec(path))) {
      if (!fake.userIds.includes(match[1]!)) return notFound(res);
      return send(res, 200, { data: { id: match[1], name: 'Hiring Admin', email: 'admin@example.com' } });
    }
    if (method === 'GET' && path === '/v1/postings') {
      const state = url.searchParams.get('state');
      return list(
        res,
        url,
        fake.postings.filter((p) => !state || p.state === state),
      );
    }
    if (method === 'GET' && path === '/v1/archive_reasons') return list(res, url, fake.archiveReasons);
    if (method === 'GET' && path === '/v1/opportunities') {
      const email = url.searchParams.get('email')?.toLowerCase();
      const updatedStart = Number(url.searchParams.get('updated_at_start') ?? Number.NaN);
      const found = [...fake.opportunities.values()].filter(
        (o) =>
          (!email || o.emails.some((e) => e.toLowerCase() === email)) &&
          (Number.isNaN(updatedStart) || o.updatedAt >= updatedStart),
      );
      return list(
        res,
        url,
        found.map((o) => shown(o, expand)),
      );
    }
    if (method === 'POST' && path === '/v1/opportunities') {
      if (!body) return badRequest(res, 'A JSON body is required');
      if (body.name !== undefined && (typeof body.name !== 'string' || !body.name))
        return badRequest(res, 'name must be a string');
      if (body.emails !== undefined && !(Array.isArray(body.emails) && body.emails.every((e) => typeof e === 'string')))
        return badRequest(res, 'emails must be an array of strings');
      if (body.origin !== undefined && !ORIGINS.includes(String(body.origin)))
        return badRequest(res, `origin must be one of ${ORIGINS.join(', ')}`);
      if (
        body.sources !== undefined &&
        !(Array.isArray(body.sources) && body.sources.every((s) => typeof s === 'string'))
      )
        return badRequest(res, 'sources must be an array of strings');
      const postings = (body.postings ?? []) as unknown[];
      if (!Array.isArray(postings) || postings.length > 1) return badRequest(res, 'postings takes at most one posting');
      const posting = postings[0];
      if (posting !== undefined && !fake.postings.some((p) => p.id === posting && p.state === 'published'))
        return badRequest(res, 'postings must name a published posting');
      const contact = body.contact;
      if (contact !== undefined && ![...fake.opportunities.values()].some((o) => o.contact === contact))
        return badRequest(res, 'contact must be an existing contact');
      const now = Date.now();
      const opportunity: LeverOpportunityRecord = {
        id: randomUUID(),
        contact: typeof contact === 'string' ? contact : randomUUID(),
        name: String(body.name ?? ''),
        emails: (body.emails as string[]) ?? [],
        phones: (body.phones as LeverOpportunityRecord['phones']) ?? [],
        origin: String(body.origin ?? 'sourced'),
        sources: (body.sources as string[]) ?? [],
        tags: (body.tags as string[]) ?? [],
        stage: 'applicant-new',
        archived: null,
        applications: posting ? [{ id: randomUUID(), posting: String(posting), type: 'user' }] : [],
        createdAt: now,
        updatedAt: now,
        files: [],
        notes: [],
        offers: [],
        performedAs: performAs!,
      };
      fake.opportunities.set(opportunity.id, opportunity);
      return send(res, 201, { data: shown(opportunity, []) });
    }
    if (method === 'GET' && (match = /^\/v1\/opportunities\/([^/]+)\/offers$/.exec(path))) {
      const opportunity = fake.opportunities.get(match[1]!);
      if (!opportunity) return notFound(res);
      return list(res, url, opportunity.offers);
    }
    if ((match = /^\/v1\/opportunities\/([^/]+)\/(files|notes)$/.exec(path))) {
      const opportunity = fake.opportunities.get(match[1]!);
      if (!opportunity) return notFound(res);
      if (match[2] === 'files') {
        if (method === 'GET') return list(res, url, opportunity.files);
        const form = parseMultipart(raw, contentType);
        if (!form) return badRequest(res, 'Files are uploaded as multipart/form-data');
        const file = form.files.find((f) => f.field === 'file');
        if (!file) return badRequest(res, 'file is required');
        const record = {
          id: randomUUID(),
          name: file.filename,
          ext: file.filename.split('.').pop() ?? '',
          size: file.content.length,
          contentType: file.contentType,
        };
        opportunity.files.push(record);
        return send(res, 201, { data: { id: record.id, name: record.name, ext: record.ext, size: record.size } });
      }
      if (method === 'GET') return list(res, url, opportunity.notes);
      if (!body || typeof body.value !== 'string' || !body.value) return badRequest(res, 'value is required');
      if (body.secret !== undefined && typeof body.secret !== 'boolean') return badRequest(res, 'secret is a boolean');
      const note = {
        id: randomUUID(),
        text: body.value,
        fields: [{ type: 'note', text: 'Note', value: body.value }],
        user: performAs!,
      };
      opportunity.notes.push(note);
      return send(res, 201, { data: { noteId: note.id } });
    }
    return notFound(res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { code: 'InternalServerError', message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    apiUrl: `${origin}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The server's env for the fake: the API URL, the loopback allowed, a short timeout. */
export const leverTestEnv = (fake: FakeLever) => ({
  LEVER_DATA_API_URL: fake.apiUrl,
  OUTBOUND_ALLOW_HOSTS: new URL(fake.origin).host,
  ATS_TIMEOUT_MS: '1000',
});
