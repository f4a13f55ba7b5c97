/**
 * Greenhouse through its Harvest API (https://developers.greenhouse.io/harvest.html) and its web hooks
 * (https://developers.greenhouse.io/webhooks.html); the shapes relied on are listed in ADR 0032.
 * - Auth: HTTP Basic with the API key as the user name and an empty password; every write carries `On-Behalf-Of`
 *   (the Greenhouse user id the admin gave), as Harvest requires for audit.
 * - Push: the candidate is looked up by e-mail (`GET /candidates?email=`); one found is linked (an application is added
 *   to them for the job unless they have one: `POST /candidates/{id}/applications`), else created with the
 *   application (`POST /candidates`). The application carries `referrer` ({ type: 'email', value }) and the
 *   configured `source_id`. The résumé is an attachment (`POST /candidates/{id}/attachments`, base64 content, type
 *   resume) unless one of that name is there; the team's note an activity-feed note marked with our referral id,
 *   unless the feed has it. Every step finds what a failed earlier attempt left: a retry creates nothing twice.
 * - Open jobs: `GET /jobs?status=open` (name, offices, the `salary_range` and `employment_type` custom fields when kept) and their live posts
 *   `GET /job_posts?live=true` (location, content HTML), matched by `job_id`.
 * - Web hooks: `Signature: sha256 <hex>`, the HMAC-SHA256 of the whole body under the web hook's secret key.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AtsJob } from '@referwell/shared';
import {
  decodeEntities,
  findSalary,
  formatSalary,
  htmlToText,
  mapEmploymentType,
  splitSections,
} from '@referwell/page-reader';
import {
  headerOf,
  vendorCall,
  WebhookShapeError,
  type AtsAdapter,
  type AtsCallContext,
  type AtsStageChange,
  type PushResult,
  type ReferralPush,
} from './adapter';

interface GhApplication {
  id: number;
  status?: string;
  jobs?: { id: number; name?: string }[];
  current_stage?: { id?: number; name?: string } | null;
  offer?: { starts_at?: string | null } | null;
}
interface GhCandidate {
  id: number;
  applications?: GhApplication[];
  attachments?: { filename: string; type: string }[];
}

/** GET /v1/jobs: a job; its pay is the `salary_range` currency-range custom field when the organisation keeps one. */
interface GhJob {
  id: number;
  name: string;
  status: string;
  offices?: { name?: string; location?: { name?: string } }[];
  custom_fields?: { salary_range?: GhRange | null; employment_type?: string | null } | null;
}
interface GhRange {
  min_value?: number | string | null;
  max_value?: number | string | null;
  unit?: string | null;
}
/** GET /v1/job_posts: a job's post on a job board, its content HTML. */
interface GhJobPost {
  id: number;
  job_id: number;
  title?: string;
  live?: boolean;
  external?: boolean;
  location?: { name?: string } | null;
  content?: string | null;
  internal_content?: string | null;
}

/** A currency-range custom field as the house's salary text ("$70,000 - $90,000 per year"), read by parseSalary. */
function salaryOf(range: GhRange | null | undefined): string | null {
  const min = Number(range?.min_value);
  const max = Number(range?.max_value);
  if (!range || !Number.isFinite(min) || !Number.isFinite(max) || min <= 0 || max < min) return null;
  return formatSalary(min, max, range.unit || 'USD', 'YEAR') || null;
}

/** Harvest sends post content as HTML, sometimes entity-escaped. */
const decodedHtml = (content: string) => (/<[a-z]/i.test(content) ? content : decodeEntities(content));

const auth = (context: AtsCallContext) => ({
  authorization: `Basic ${Buffer.from(`${context.credentials.apiKey}:`).toString('base64')}`,
});
const writing = (context: AtsCallContext) => ({
  ...auth(context),
  'on-behalf-of': context.credentials.onBehalfOf ?? '',
});

/** The marker that makes our note findable again in the candidate's activity feed. */
const noteMarker = (referralId: string) => `[Referwell referral ${referralId}]`;

function referralApplication(context: AtsCallContext, push: ReferralPush) {
  const sourceId = push.source === 'applied' ? context.credentials.applicationSourceId : context.credentials.sourceId;
  return {
    job_id: Number(push.atsJobId),
    ...(sourceId ? { source_id: Number(sourceId) } : {}),
    ...(push.referrer && push.source !== 'applied' ? { referrer: { type: 'email', value: push.referrer.email } } : {}),
  };
}

function toChange(application: GhApplication): AtsStageChange {
  return {
    applicationId: String(application.id),
    stageName: application.current_stage?.name ?? null,
    hired: application.status === 'hired',
    rejected: application.status === 'rejected',
    startDate: application.offer?.starts_at?.slice(0, 10) ?? null,
  };
}

export const greenhouse: AtsAdapter = {
  vendor: 'greenhouse',

  async testConnection(context) {
    // Reading the user writes are made for checks the key and that user at once.
    await vendorCall(context, {
      method: 'GET',
      path: `/users/${encodeURIComponent(context.credentials.onBehalfOf ?? '')}`,
      headers: auth(context),
    });
  },

  async pushReferral(context, push): Promise<PushResult> {
    const found = await vendorCall<GhCandidate[]>(context, {
      method: 'GET',
      path: `/candidates?email=${encodeURIComponent(push.candidate.email)}&per_page=2`,
      headers: auth(context),
    });
    let candidate = found[0] ?? null;
    const linkedExisting = candidate !== null;
    let application =
      candidate?.applications?.find((a) => a.jobs?.some((job) => String(job.id) === push.atsJobId)) ?? null;
    if (!candidate) {
      candidate = await vendorCall<GhCandidate>(context, {
        method: 'POST',
        path: '/candidates',
        headers: writing(context),
        body: {
          first_name: push.candidate.firstName,
          last_name: push.candidate.lastName,
          email_addresses: [{ value: push.candidate.email, type: 'personal' }],
          ...(push.candidate.phone ? { phone_numbers: [{ value: push.candidate.phone, type: 'mobile' }] } : {}),
          tags: push.source === 'applied' ? ['Referwell', 'Applied'] : ['Referwell'],
          applications: [referralApplication(context, push)],
        },
      });
      application = candidate.applications?.[0] ?? null;
    } else if (!application) {
      application = await vendorCall<GhApplication>(context, {
        method: 'POST',
        path: `/candidates/${candidate.id}/applications`,
        headers: writing(context),
        body: referralApplication(context, push),
      });
    }
    if (!application) throw new WebhookShapeError('Greenhouse answered without the application.');
    if (push.resume && !candidate.attachments?.some((a) => a.type === 'resume' && a.filename === push.resume!.filename))
      await vendorCall(context, {
        method: 'POST',
        path: `/candidates/${candidate.id}/attachments`,
        headers: writing(context),
        body: {
          filename: push.resume.filename,
          type: 'resume',
          content: push.resume.content.toString('base64'),
          content_type: push.resume.contentType,
        },
      });
    if (push.note) {
      const feed = await vendorCall<{ notes?: { body: string }[] }>(context, {
        method: 'GET',
        path: `/candidates/${candidate.id}/activity_feed`,
        headers: auth(context),
      });
      if (!feed.notes?.some((note) => note.body.includes(noteMarker(push.referralId))))
        await vendorCall(context, {
          method: 'POST',
          path: `/candidates/${candidate.id}/activity_feed/notes`,
          headers: writing(context),
          body: {
            user_id: Number(context.credentials.onBehalfOf),
            body: `Referred by ${push.referrer?.name ?? 'a Referwell member'}: ${push.note}\n${noteMarker(push.referralId)}`,
            visibility: 'public',
          },
        });
    }
    return { candidateId: String(candidate.id), applicationId: String(application.id), linkedExisting };
  },

  async openJobs(context): Promise<AtsJob[]> {
    const jobs = await vendorCall<GhJob[]>(context, {
      method: 'GET',
      path: '/jobs?status=open&per_page=500',
      headers: auth(context),
    });
    // The live posts' texts in one call, matched to their jobs by job_id.
    const posts = await vendorCall<GhJobPost[]>(context, {
      method: 'GET',
      path: '/job_posts?live=true&per_page=500',
      headers: auth(context),
    });
    return jobs.map((job) => {
      const office = job.offices?.[0];
      const mine = posts.filter((post) => post.job_id === job.id);
      const post = mine.find((p) => p.external && p.content) ?? mine.find((p) => p.content || p.internal_content);
      const marked = post
        ? htmlToText(decodedHtml(post.content ?? post.internal_content ?? ''), { markHeadings: true })
        : '';
      const sections = marked ? splitSections(marked) : null;
      const text = marked.replaceAll('\u0001', '');
      return {
        id: String(job.id),
        title: job.name,
        location: post?.location?.name ?? office?.location?.name ?? office?.name ?? null,
        employmentType: mapEmploymentType(job.custom_fields?.employment_type ?? '') || null,
        description: sections?.description || text || null,
        requirements: sections?.requirements || null,
        salary: salaryOf(job.custom_fields?.salary_range) ?? (text ? findSalary(text) || null : null),
      };
    });
  },

  async stageChangesSince(context, since) {
    const applications = await vendorCall<GhApplication[]>(context, {
      method: 'GET',
      path: `/applications?last_activity_after=${encodeURIComponent(since.toISOString())}&per_page=500`,
      headers: auth(context),
    });
    return { changes: applications.map(toChange), syncToken: null };
  },

  verifyWebhook(rawBody, headers, secret) {
    const signature = headerOf(headers, 'signature')?.trim() ?? '';
    const match = /^sha256 ([0-9a-f]{64})$/i.exec(signature);
    if (!match) return false;
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
  },

  readWebhook(body, rawBody, headers) {
    const event = body as { action?: unknown; payload?: { application?: GhApplication } } | null;
    if (!event || typeof event.action !== 'string') throw new WebhookShapeError('The web hook has no action.');
    // Greenhouse names each delivery; without that header the body itself identifies a replay.
    const deliveryId =
      headerOf(headers, 'greenhouse-event-id') ?? `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    if (!['hire_candidate', 'candidate_stage_change', 'reject_candidate'].includes(event.action))
      return { deliveryId, action: event.action, change: null };
    const application = event.payload?.application;
    if (!application || typeof application.id !== 'number')
      throw new WebhookShapeError('The web hook has no application id.');
    const change = toChange(application);
    if (event.action === 'hire_candidate') change.hired = true;
    if (event.action === 'reject_candidate') change.rejected = true;
    return { deliveryId, action: event.action, change };
  },
};
