/**
 * Ashby through its RPC-style API (https://developers.ashbyhq.com/reference; every method is `POST
 * https://api.ashbyhq.com/<method>` with a JSON body) and its webhooks; the shapes relied on are listed in ADR 0032.
 * - Auth: HTTP Basic with the API key as the user name and an empty password (401 without a key, 403 with a wrong one).
 *   Ashby answers `{ success, results }`; a refusal can come with HTTP 200 and `success: false` with `errors`, which
 *   is a VendorError like any other (not retried: the request itself was refused).
 * - Push: the candidate is looked up by e-mail (`candidate.search`); one found is linked (an application is added for
 *   the job unless one of theirs is on it: `application.info` of each of `applicationIds`), else created
 *   (`candidate.create`). The referrer is credited the way Ashby models it: their Ashby user, found by e-mail
 *   (`user.search`), as `creditedToUserId` of the candidate and the application, with the configured "Referral"
 *   source (`sourceId`). The résumé goes up with `candidate.uploadResume` (multipart) unless the candidate's résumé
 *   has that name; the team's note is `candidate.createNote`, marked with our referral id, unless one is there.
 * - Stage changes: `application.list` pages (`moreDataAvailable`/`nextCursor`): incremental from the `syncToken` the
 *   last read ended with (kept on the connection); the first read, or one after Ashby refuses the token
 *   (`sync_token_expired`, `sync_token_invalid`, `incremental_sync_too_large`), reads every page and keeps those
 *   updated since the time. A
 *   hire's start date is its offer's (`offer.list {applicationId}`, `latestVersion.startDate`; an accepted offer
 *   first, else the newest).
 * - Webhooks: `Ashby-Signature: sha256=<hex>`, the HMAC-SHA256 of the whole body under the webhook's secret token;
 *   `{ action, data: { application } }` with `status` (Active, Hired, Archived, Lead) and `currentInterviewStage`. A
 *   hire's webhook carries no start date: it is answered by a queued re-read (webhooks never call Ashby).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AtsJob } from '@referwell/shared';
import {
  headerOf,
  vendorCall,
  VendorError,
  WebhookShapeError,
  type AtsAdapter,
  type AtsCallContext,
  type AtsStageChange,
  type MultipartForm,
  type PushResult,
} from './adapter';

interface AshbyAnswer<T> {
  success: boolean;
  results?: T;
  errors?: unknown[];
  errorInfo?: { code?: string; message?: string };
  moreDataAvailable?: boolean;
  nextCursor?: string;
  /** Incremental sync: on a list's last page, where the next read starts from. */
  syncToken?: string;
}
interface AshbyApplication {
  id: string;
  status?: string;
  updatedAt?: string;
  job?: { id: string } | null;
  currentInterviewStage?: { title?: string | null } | null;
}
interface AshbyCandidate {
  id: string;
  applicationIds?: string[];
  resumeFileHandle?: { name?: string } | null;
}

const PAGE = 100;

const auth = (context: AtsCallContext) => ({
  authorization: `Basic ${Buffer.from(`${context.credentials.apiKey}:`).toString('base64')}`,
});

/** One Ashby method; `success: false` is a refusal. */
async function ashbyCall<T>(
  context: AtsCallContext,
  method: string,
  input: { body?: Record<string, unknown>; form?: MultipartForm } = {},
): Promise<AshbyAnswer<T>> {
  const answer = await vendorCall<AshbyAnswer<T>>(context, {
    method: 'POST',
    path: `/${method}`,
    headers: auth(context),
    ...(input.form ? { form: input.form } : { body: input.body ?? {} }),
  });
  if (!answer || answer.success !== true) {
    const text = JSON.stringify(answer?.errorInfo ?? answer?.errors ?? answer).slice(0, 1000);
    throw new VendorError(`${method}: refused`, 200, text);
  }
  return answer;
}

async function results<T>(context: AtsCallContext, method: string, body: Record<string, unknown>): Promise<T> {
  const answer = await ashbyCall<T>(context, method, { body });
  if (answer.results === undefined) throw new WebhookShapeError(`Ashby answered ${method} without results.`);
  return answer.results;
}

/** Every page of a paginated Ashby list, and the sync token its last page ends with (lists that sync). */
async function listPages<T>(
  context: AtsCallContext,
  method: string,
  body: Record<string, unknown>,
): Promise<{ items: T[]; syncToken: string | null }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const answer = await ashbyCall<T[]>(context, method, {
      body: { ...body, limit: PAGE, ...(cursor ? { cursor } : {}) },
    });
    items.push(...(answer.results ?? []));
    if (!answer.moreDataAvailable || !answer.nextCursor) return { items, syncToken: answer.syncToken ?? null };
    cursor = answer.nextCursor;
  }
  return { items, syncToken: null };
}

/** Every page of a paginated Ashby list. */
async function listAll<T>(context: AtsCallContext, method: string, body: Record<string, unknown>): Promise<T[]> {
  return (await listPages<T>(context, method, body)).items;
}

/**
 * Ashby's answers to a sync token it no longer takes (expired, unreadable, or too many changes behind it): the token is
 * dropped and everything is read again (https://developers.ashbyhq.com/docs/pagination-and-incremental-sync).
 */
const SYNC_AGAIN = /\b(sync_token_expired|sync_token_invalid|incremental_sync_too_large)\b/;
const needsFullSync = (error: unknown) => error instanceof VendorError && SYNC_AGAIN.test(error.answer);

interface AshbyOffer {
  id: string;
  acceptanceStatus?: string;
  decidedAt?: string | null;
  latestVersion?: { startDate?: string | null; createdAt?: string } | null;
}

/** The start date (YYYY-MM-DD) of the application's offer: an accepted one first, else the newest. */
async function offerStartDate(context: AtsCallContext, applicationId: string): Promise<string | null> {
  const offers = await listAll<AshbyOffer>(context, 'offer.list', { applicationId });
  const created = (offer: AshbyOffer) => Date.parse(offer.latestVersion?.createdAt ?? '') || 0;
  const ordered = [...offers].sort(
    (a, b) =>
      Number(b.acceptanceStatus === 'Accepted') - Number(a.acceptanceStatus === 'Accepted') || created(b) - created(a),
  );
  const date = ordered.map((offer) => offer.latestVersion?.startDate).find((d) => d && /^\d{4}-\d{2}-\d{2}/.test(d));
  return date ? date.slice(0, 10) : null;
}

const noteMarker = (referralId: string) => `[Referwell referral ${referralId}]`;

function toChange(application: AshbyApplication): AtsStageChange {
  return {
    applicationId: application.id,
    stageName: application.currentInterviewStage?.title ?? null,
    hired: application.status === 'Hired',
    rejected: application.status === 'Archived',
    startDate: null,
  };
}

export const ashby: AtsAdapter = {
  vendor: 'ashby',

  async testConnection(context) {
    await results(context, 'apiKey.info', {});
  },

  async pushReferral(context, push): Promise<PushResult> {
    const found = await results<AshbyCandidate[]>(context, 'candidate.search', { email: push.candidate.email });
    // user.search answers the users with that e-mail (read as a list; a single user is taken as one).
    const applied = push.source === 'applied';
    const users =
      push.referrer && !applied
        ? await results<{ id: string }[] | { id: string } | null>(context, 'user.search', {
            email: push.referrer.email,
          })
        : null;
    const referrer = (Array.isArray(users) ? users[0] : users) ?? null;
    // A direct application (atsflow) gets the direct-applicant source and credits nobody.
    const sourceId = applied ? context.credentials.applicationSourceId : context.credentials.sourceId;
    const credit = {
      ...(sourceId ? { sourceId } : {}),
      ...(referrer ? { creditedToUserId: referrer.id } : {}),
    };
    let candidate = found[0] ?? null;
    const linkedExisting = candidate !== null;
    let applicationId: string | null = null;
    if (candidate) {
      for (const id of candidate.applicationIds ?? []) {
        const application = await results<AshbyApplication>(context, 'application.info', { applicationId: id });
        if (application.job?.id === push.atsJobId) {
          applicationId = application.id;
          break;
        }
      }
    } else
      candidate = await results<AshbyCandidate>(context, 'candidate.create', {
        name: `${push.candidate.firstName} ${push.candidate.lastName}`,
        email: push.candidate.email,
        ...(push.candidate.phone ? { phoneNumber: push.candidate.phone } : {}),
        ...credit,
      });
    if (!applicationId)
      applicationId = (
        await results<AshbyApplication>(context, 'application.create', {
          candidateId: candidate.id,
          jobId: push.atsJobId,
          ...credit,
        })
      ).id;
    if (push.resume && candidate.resumeFileHandle?.name !== push.resume.filename)
      await ashbyCall(context, 'candidate.uploadResume', {
        form: {
          fields: { candidateId: candidate.id },
          file: {
            field: 'resume',
            filename: push.resume.filename,
            contentType: push.resume.contentType,
            content: push.resume.content,
          },
        },
      });
    if (push.note) {
      const notes = await listAll<{ content?: string }>(context, 'candidate.listNotes', { candidateId: candidate.id });
      if (!notes.some((note) => note.content?.includes(noteMarker(push.referralId))))
        await results(context, 'candidate.createNote', {
          candidateId: candidate.id,
          note: `Referred by ${push.referrer?.name ?? 'a Referwell member'}: ${push.note}\n${noteMarker(push.referralId)}`,
          sendNotifications: false,
        });
    }
    return { candidateId: candidate.id, applicationId, linkedExisting };
  },

  async openJobs(context): Promise<AtsJob[]> {
    const jobs = await listAll<{ id: string; title: string; location?: { name?: string } | null }>(
      context,
      'job.list',
      { status: ['Open'], expand: ['location'] },
    );
    return jobs.map((job) => ({ id: job.id, title: job.title, location: job.location?.name ?? null }));
  },

  async stageChangesSince(context, since, syncToken) {
    // Incremental: application.list from the last read's syncToken answers only what changed since. Without one (the
    // first read, or a token Ashby no longer takes) every page is read and those updated since the time kept; the
    // token on its last page starts the next read.
    let incremental: { items: AshbyApplication[]; syncToken: string | null } | null = null;
    if (syncToken)
      try {
        incremental = await listPages<AshbyApplication>(context, 'application.list', { syncToken });
      } catch (error) {
        if (!needsFullSync(error)) throw error;
      }
    const read = incremental ?? (await listPages<AshbyApplication>(context, 'application.list', {}));
    const applications = incremental
      ? read.items
      : read.items.filter((a) => a.updatedAt && Date.parse(a.updatedAt) >= since.getTime());
    const changes: AtsStageChange[] = [];
    for (const application of applications) {
      const change = toChange(application);
      // Only a hire's offers are read: one call per hire, none per stage move.
      if (change.hired) change.startDate = await offerStartDate(context, application.id);
      changes.push(change);
    }
    return { changes, syncToken: read.syncToken };
  },

  verifyWebhook(rawBody, headers, secret) {
    const signature = headerOf(headers, 'ashby-signature')?.trim() ?? '';
    const match = /^sha256=([0-9a-f]{64})$/i.exec(signature);
    if (!match) return false;
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
  },

  readWebhook(body, rawBody) {
    const event = body as { action?: unknown; data?: { application?: AshbyApplication } | null } | null;
    if (!event || typeof event.action !== 'string') throw new WebhookShapeError('The webhook has no action.');
    // Ashby names no delivery: the signed body itself identifies a replay.
    const deliveryId = `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    if (!['candidateHire', 'candidateStageChange', 'applicationUpdate'].includes(event.action))
      return { deliveryId, action: event.action, change: null };
    const application = event.data?.application;
    if (!application || typeof application.id !== 'string' || !application.id)
      throw new WebhookShapeError('The webhook has no application id.');
    const change = toChange(application);
    if (event.action === 'candidateHire') change.hired = true;
    // A hire's start date is on its offer: read back from Ashby on the queue.
    return { deliveryId, action: event.action, change, ...(change.hired ? { reread: true } : {}) };
  },
};
