/**
 * Lever through its API v1 (https://hire.lever.co/developer/documentation) and its webhooks; the shapes relied on are
 * listed in ADR 0032.
 * - Auth: HTTP Basic with the API key as the user name and an empty password. Every write carries `perform_as` (the
 *   Lever user id the admin gave): Lever records the write as theirs.
 * - Candidates are contacts; what moves through the pipeline is an opportunity (one per contact and posting). Our
 *   "candidate" is the contact, our "application" the opportunity: stage and hire webhooks name the opportunity.
 * - Push: the candidate's opportunities are looked up by e-mail (`GET /opportunities?email=`, applications expanded).
 *   One on the linked posting is linked as is; a known contact without one gets a new opportunity for that contact
 *   (`contact`); else an opportunity is created. It carries `origin: "referred"`, `sources: ["Referral"]` and the
 *   posting. Lever's API has no field for the referrer (referrals are Lever's own forms, read-only), so the referrer
 *   is credited in a note with the team's note, marked with our referral id and posted unless one is there. The
 *   résumé is a file upload (`POST /opportunities/{id}/files`, multipart) unless a file of that name is there.
 * - Stage changes: opportunities updated since a time, with their stage expanded; an archived one is hired when its
 *   archive reason's type is `hired` (`GET /archive_reasons`), else rejected. A hire's start date is the anticipated
 *   start date of its offer (`GET /opportunities/{id}/offers`, the field `anticipated_start_date`, a time in ms; a
 *   signed offer first, else the newest).
 * - Webhooks: the body carries `token`, `triggeredAt` and `signature`, the hex HMAC-SHA256 of `token + triggeredAt`
 *   under the webhook's signature token (not of the body). Each Lever webhook has its own signature token; the
 *   connection keeps them all (one secret, separated by spaces), and a delivery signed by any of them is accepted. Stage and archive webhooks name ids only, so they are
 *   answered by a queued re-read of the opportunities; so is `candidateHired`, whose start date is on the offer (a
 *   webhook is never answered by calling Lever).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AtsJob } from '@referwell/shared';
import {
  vendorCall,
  WebhookShapeError,
  type AtsAdapter,
  type AtsCallContext,
  type AtsStageChange,
  type PushResult,
} from './adapter';

interface LeverList<T> {
  data: T[];
  hasNext?: boolean;
  next?: string;
}
interface LeverApplication {
  id: string;
  posting?: string | null;
}
interface LeverOpportunity {
  id: string;
  contact: string;
  name?: string;
  stage?: string | { id: string; text: string } | null;
  archived?: { reason?: string | null; archivedAt?: number | null } | null;
  applications?: (LeverApplication | string)[];
  updatedAt?: number;
}

/** A delivery older than this is refused (401) even when signed: Lever's retries come well within it. */
export const LEVER_WEBHOOK_MAX_AGE_MS = 72 * 60 * 60 * 1000;
/** The page size of Lever's lists. */
const PAGE = 100;

const auth = (context: AtsCallContext) => ({
  authorization: `Basic ${Buffer.from(`${context.credentials.apiKey}:`).toString('base64')}`,
});
const performAs = (context: AtsCallContext) => `perform_as=${encodeURIComponent(context.credentials.onBehalfOf ?? '')}`;

const noteMarker = (referralId: string) => `[Referwell referral ${referralId}]`;

/** The connection's webhook secret holds the signature token of each Lever webhook, separated by spaces or commas. */
export const signatureTokens = (secret: string) => secret.split(/[\s,]+/).filter(Boolean);

/** Every page of a Lever list (`hasNext`/`next`, passed back as `offset`). */
async function listAll<T>(context: AtsCallContext, path: string): Promise<T[]> {
  const all: T[] = [];
  let offset: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await vendorCall<LeverList<T>>(context, {
      method: 'GET',
      path: `${path}${separator}limit=${PAGE}${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`,
      headers: auth(context),
    });
    all.push(...answer.data);
    if (!answer.hasNext || !answer.next) break;
    offset = answer.next;
  }
  return all;
}

interface LeverOffer {
  id: string;
  createdAt?: number;
  status?: string;
  fields?: { identifier?: string; value?: unknown }[];
}

/** The anticipated start date (YYYY-MM-DD) of the opportunity's offer: a signed one first, else the newest. */
async function offerStartDate(context: AtsCallContext, opportunityId: string): Promise<string | null> {
  const offers = await listAll<LeverOffer>(context, `/opportunities/${encodeURIComponent(opportunityId)}/offers`);
  const ordered = [...offers].sort(
    (a, b) => Number(b.status === 'signed') - Number(a.status === 'signed') || (b.createdAt ?? 0) - (a.createdAt ?? 0),
  );
  for (const offer of ordered) {
    const value = offer.fields?.find((field) => field.identifier === 'anticipated_start_date')?.value;
    const at = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isFinite(at)) return new Date(at).toISOString().slice(0, 10);
  }
  return null;
}

const postingOf = (application: LeverApplication | string) =>
  typeof application === 'string' ? null : (application.posting ?? null);

export const lever: AtsAdapter = {
  vendor: 'lever',

  async testConnection(context) {
    // Reading the user writes are made as checks the key and that user at once.
    await vendorCall(context, {
      method: 'GET',
      path: `/users/${encodeURIComponent(context.credentials.onBehalfOf ?? '')}`,
      headers: auth(context),
    });
  },

  async pushReferral(context, push): Promise<PushResult> {
    const found = await listAll<LeverOpportunity>(
      context,
      `/opportunities?email=${encodeURIComponent(push.candidate.email)}&expand=applications`,
    );
    const contact = found[0]?.contact ?? null;
    let opportunity = found.find((o) => o.applications?.some((a) => postingOf(a) === push.atsJobId)) ?? null;
    if (!opportunity) {
      const created = await vendorCall<{ data: LeverOpportunity }>(context, {
        method: 'POST',
        path: `/opportunities?${performAs(context)}`,
        headers: auth(context),
        body: {
          name: `${push.candidate.firstName} ${push.candidate.lastName}`,
          emails: [push.candidate.email],
          ...(push.candidate.phone ? { phones: [{ type: 'mobile', value: push.candidate.phone }] } : {}),
          // A direct application (atsflow) is an applicant from our board, not a referral.
          ...(push.source === 'applied'
            ? { origin: 'applied', sources: ['Referwell'], tags: ['Referwell', 'Applied'] }
            : { origin: 'referred', sources: ['Referral'], tags: ['Referwell'] }),
          postings: [push.atsJobId],
          ...(contact ? { contact } : {}),
        },
      });
      opportunity = created.data;
    }
    if (push.resume) {
      const files = await listAll<{ id: string; name?: string }>(context, `/opportunities/${opportunity.id}/files`);
      if (!files.some((file) => file.name === push.resume!.filename))
        await vendorCall(context, {
          method: 'POST',
          path: `/opportunities/${opportunity.id}/files?${performAs(context)}`,
          headers: auth(context),
          form: {
            fields: {},
            file: {
              field: 'file',
              filename: push.resume.filename,
              contentType: push.resume.contentType,
              content: push.resume.content,
            },
          },
        });
    }
    if (push.source !== 'applied' && (push.referrer || push.note)) {
      const notes = await listAll<{ id: string; text?: string; fields?: { value?: unknown }[] }>(
        context,
        `/opportunities/${opportunity.id}/notes`,
      );
      const marker = noteMarker(push.referralId);
      const hasOurs = notes.some(
        (note) =>
          note.text?.includes(marker) ||
          note.fields?.some((f) => typeof f.value === 'string' && f.value.includes(marker)),
      );
      if (!hasOurs) {
        const by = push.referrer ? `${push.referrer.name} <${push.referrer.email}>` : 'a Referwell member';
        await vendorCall(context, {
          method: 'POST',
          path: `/opportunities/${opportunity.id}/notes?${performAs(context)}`,
          headers: auth(context),
          body: { value: `Referred by ${by}${push.note ? `: ${push.note}` : '.'}\n${marker}`, secret: false },
        });
      }
    }
    return { candidateId: opportunity.contact, applicationId: opportunity.id, linkedExisting: contact !== null };
  },

  async openJobs(context): Promise<AtsJob[]> {
    const postings = await listAll<{ id: string; text: string; categories?: { location?: string | null } }>(
      context,
      '/postings?state=published',
    );
    return postings.map((p) => ({ id: p.id, title: p.text, location: p.categories?.location ?? null }));
  },

  async stageChangesSince(context, since) {
    const reasons = await listAll<{ id: string; type?: string }>(context, '/archive_reasons');
    const hiredReasons = new Set(reasons.filter((r) => r.type === 'hired').map((r) => r.id));
    const opportunities = await listAll<LeverOpportunity>(
      context,
      `/opportunities?updated_at_start=${since.getTime()}&expand=stage`,
    );
    const changes: AtsStageChange[] = [];
    for (const o of opportunities) {
      const reason = o.archived?.reason ?? null;
      const hired = reason !== null && hiredReasons.has(reason);
      changes.push({
        applicationId: o.id,
        stageName: typeof o.stage === 'object' && o.stage ? o.stage.text : null,
        hired,
        rejected: reason !== null && !hired,
        // Only a hire's offer is read: one call per hire, none per stage move.
        startDate: hired ? await offerStartDate(context, o.id) : null,
      });
    }
    return { changes, syncToken: null };
  },

  verifyWebhook(rawBody, _headers, secret) {
    let body: { token?: unknown; triggeredAt?: unknown; signature?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      return false;
    }
    if (!body || typeof body.token !== 'string' || typeof body.signature !== 'string') return false;
    if (typeof body.triggeredAt !== 'number' && typeof body.triggeredAt !== 'string') return false;
    if (!/^[0-9a-f]{64}$/i.test(body.signature)) return false;
    const triggeredAt = Number(body.triggeredAt);
    if (!Number.isFinite(triggeredAt) || Date.now() - triggeredAt > LEVER_WEBHOOK_MAX_AGE_MS) return false;
    const signed = `${body.token}${body.triggeredAt}`;
    const given = Buffer.from(body.signature, 'hex');
    // Lever gives each webhook (stage change, archive change, hired) its own signature token: any of them signs.
    return signatureTokens(secret).some((token) =>
      timingSafeEqual(createHmac('sha256', token).update(signed).digest(), given),
    );
  },

  readWebhook(body) {
    const event = body as {
      event?: unknown;
      triggeredAt?: unknown;
      data?: { opportunityId?: unknown } | null;
    } | null;
    if (!event || typeof event.event !== 'string') throw new WebhookShapeError('The webhook has no event.');
    const opportunityId = event.data?.opportunityId;
    // Lever sends the same body again when it retries: the event, the opportunity and the time name the delivery.
    const deliveryId = `${event.event}:${typeof opportunityId === 'string' ? opportunityId : '-'}:${String(event.triggeredAt)}`;
    if (!['candidateHired', 'candidateStageChange', 'candidateArchiveChange'].includes(event.event))
      return { deliveryId, action: event.event, change: null };
    if (typeof opportunityId !== 'string' || !opportunityId)
      throw new WebhookShapeError('The webhook has no opportunity id.');
    const hired = event.event === 'candidateHired';
    return {
      deliveryId,
      action: event.event,
      change: { applicationId: opportunityId, stageName: null, hired, rejected: false, startDate: null },
      // A stage or archive change names ids, a hire has its start date on the offer: both are read back from Lever on
      // the queue.
      reread: true,
    };
  },
};
