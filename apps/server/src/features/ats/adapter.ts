/**
 * The one interface every applicant-tracking system is reached through (ADR 0032): push a referred candidate with
 * their referrer, read the open jobs, read stage changes since a time, and verify and read a webhook. A vendor is one
 * adapter (greenhouse.ts today); a unified ATS API (Merge, Kombo) would be one more. Adapters only speak HTTP through
 * `vendorCall` (the SSRF-safe fetcher) and never touch the database: the sync service (sync.ts) decides what to call
 * and when, on the queue.
 */
import { randomBytes } from 'node:crypto';
import type { AtsJob, AtsVendor } from '@referwell/shared';
import { isAppError } from '../../lib/errors';
import { safeFetch } from '../../lib/safe-fetch';
import { retryAfterSeconds } from '../../lib/queue/retry-later';

/** What a connection holds sealed. */
export interface AtsCredentials {
  apiKey: string;
  /** The user writes are made as: Greenhouse's On-Behalf-Of, Lever's perform_as. */
  onBehalfOf?: string | undefined;
  /** The "Referral" source's id (Greenhouse, Ashby). */
  sourceId?: string | undefined;
  /** Greenhouse: the source direct applicants are given (the company's job board or website source). */
  applicationSourceId?: string | undefined;
}

/** Where and how an adapter calls its vendor. */
export interface AtsCallContext {
  baseUrl: string;
  credentials: AtsCredentials;
  /** OUTBOUND_ALLOW_HOSTS: a test's fake on loopback. */
  allowHosts: readonly string[];
  timeoutMs: number;
}

/**
 * A referral as it is pushed: the candidate, the referrer to credit, the team's note and the résumé. A direct
 * application is pushed the same way with `source: 'applied'`, no referrer and our pipeline id for `referralId`.
 */
export interface ReferralPush {
  referralId: string;
  /** 'referral' (the default): the referral source and the referrer; 'applied': the applicant source, no referrer. */
  source?: 'referral' | 'applied';
  atsJobId: string;
  candidate: { firstName: string; lastName: string; email: string; phone: string | null };
  referrer: { name: string; email: string } | null;
  note: string | null;
  resume: { filename: string; contentType: string; content: Buffer } | null;
}

export interface PushResult {
  candidateId: string;
  applicationId: string;
  /** The ATS already had a candidate with this e-mail: it was linked, not created. */
  linkedExisting: boolean;
}

/** A candidate's application moved in the ATS. */
export interface AtsStageChange {
  applicationId: string;
  /** The vendor's stage name, as the stage mapping matches it. */
  stageName: string | null;
  hired: boolean;
  rejected: boolean;
  /** The hire's start date (YYYY-MM-DD), when the vendor gives one. */
  startDate: string | null;
}

/** What a read of stage changes found, and the token the next read starts from (null: read by time). */
export interface StageChanges {
  changes: AtsStageChange[];
  syncToken: string | null;
}

/** A verified webhook, read: its delivery id (a replay has the same) and the change it reports, if any. */
export interface AtsWebhookEvent {
  deliveryId: string;
  action: string;
  change: AtsStageChange | null;
  /**
   * The delivery says the change's application moved but not all we need (Lever sends stage and archive-reason ids;
   * a hire's start date is on the offer): the change is not applied as is; the ATS's changes are re-read on the queue
   * (a reconciliation) instead.
   */
  reread?: boolean;
}

export interface AtsAdapter {
  vendor: AtsVendor;
  /** Resolves when the key (and the user it acts as) are accepted; throws VendorError otherwise. */
  testConnection(context: AtsCallContext): Promise<void>;
  pushReferral(context: AtsCallContext, referral: ReferralPush): Promise<PushResult>;
  openJobs(context: AtsCallContext): Promise<AtsJob[]>;
  /**
   * The applications changed since a time; a vendor with incremental sync (Ashby) reads from the `syncToken` its last
   * read ended with instead, and answers the next one (others answer null).
   */
  stageChangesSince(context: AtsCallContext, since: Date, syncToken: string | null): Promise<StageChanges>;
  /** True when the raw body carries the vendor's signature under `secret`. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): boolean;
  /** Reads a verified webhook; throws WebhookShapeError when fields it needs are missing. */
  readWebhook(body: unknown, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): AtsWebhookEvent;
}

/** A vendor's refusal or failure, as the sync service decides on it. */
export class VendorError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when no answer came (timeout, connection refused). */
    readonly status: number | null,
    readonly answer: string,
    /** Seconds the vendor asked us to wait (429/503 Retry-After). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'VendorError';
  }

  /** The key was refused: retrying will not help until an admin fixes it. */
  get unauthorized(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** Worth trying again later: no answer, rate limited, or the vendor's own failure. */
  get retryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}

export class WebhookShapeError extends Error {}

/** A multipart/form-data body (a résumé upload): text fields and one file. */
export interface MultipartForm {
  fields: Record<string, string>;
  file: { field: string; filename: string; contentType: string; content: Buffer };
}

/** Encodes a multipart/form-data body (RFC 7578); the file name is sent as given and as UTF-8 (filename*). */
export function encodeMultipart(form: MultipartForm): { contentType: string; body: Buffer } {
  const boundary = `referwell-${randomBytes(12).toString('hex')}`;
  const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`),
    );
  const { file } = form;
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"; ` +
        `filename*=UTF-8''${encodeURIComponent(file.filename)}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

/**
 * One call to a vendor through the SSRF-safe fetcher, with a JSON body or a multipart form, answered in JSON; a
 * non-2xx answer or no answer is a VendorError.
 */
export async function vendorCall<T>(
  context: AtsCallContext,
  request: {
    method: 'GET' | 'POST' | 'PATCH';
    path: string;
    headers: Record<string, string>;
    body?: unknown;
    form?: MultipartForm;
  },
): Promise<T> {
  const payload = request.form
    ? encodeMultipart(request.form)
    : request.body === undefined
      ? null
      : { contentType: 'application/json', body: JSON.stringify(request.body) };
  let response;
  try {
    response = await safeFetch(`${context.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        accept: 'application/json',
        'user-agent': 'Referwell/1.0 (+ATS integration)',
        ...(payload ? { 'content-type': payload.contentType } : {}),
        ...request.headers,
      },
      ...(payload ? { body: payload.body } : {}),
      allowHosts: context.allowHosts,
      timeoutMs: context.timeoutMs,
      maxRedirects: 0,
    });
  } catch (error) {
    if (isAppError(error)) throw new VendorError(error.message, null, error.message);
    throw error;
  }
  const answer = response.body.slice(0, 1000);
  if (response.status < 200 || response.status >= 300)
    throw new VendorError(
      `${request.method} ${request.path}: ${response.status}`,
      response.status,
      answer,
      response.headers['retry-after'] === undefined ? null : retryAfterSeconds(response.headers['retry-after']),
    );
  try {
    return (response.body ? JSON.parse(response.body) : null) as T;
  } catch {
    throw new VendorError(`${request.method} ${request.path}: not JSON`, response.status, answer);
  }
}

/** "Dana Reyes" → Dana / Reyes; a single name is both (vendors require a last name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { firstName: parts[0] ?? name, lastName: parts[0] ?? name };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}

export const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
