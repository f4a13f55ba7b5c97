import { z } from 'zod';
import { PIPELINE_STAGES } from '../rules/pipeline';
import type { EmploymentType } from './jobs';

/**
 * Applicant-tracking-system connections (issue 33): a company links its ATS; referrals flow in, stage changes and
 * hires flow back. One adapter per vendor behind one interface on the server.
 */
export const ATS_VENDORS = ['greenhouse', 'lever', 'ashby'] as const;
export type AtsVendor = (typeof ATS_VENDORS)[number];

export const ATS_VENDOR_NAMES: Record<AtsVendor, string> = { greenhouse: 'Greenhouse', lever: 'Lever', ashby: 'Ashby' };

/** The vendors whose writes are made as one of their users (Greenhouse On-Behalf-Of, Lever perform_as). */
export const ATS_VENDORS_ACTING_AS: readonly AtsVendor[] = ['greenhouse', 'lever'];
/** The vendors whose candidates are given a configured "Referral" source by id (Lever's sources are names). */
export const ATS_VENDORS_WITH_SOURCE_ID: readonly AtsVendor[] = ['greenhouse', 'ashby'];

/** A connection's health: working, failing (its last call was refused: an expired or revoked key), revoked here. */
export const ATS_CONNECTION_STATUSES = ['active', 'failing', 'revoked'] as const;
export type AtsConnectionStatus = (typeof ATS_CONNECTION_STATUSES)[number];

/**
 * What a sync-log row did: a referral pushed, a webhook received, a connection tested, jobs read, changes re-read, the
 * ATS's open jobs imported as Referwell jobs, a direct application pushed.
 */
export const ATS_SYNC_KINDS = [
  'push_referral',
  'webhook',
  'test',
  'read_jobs',
  'reconcile',
  'import_jobs',
  'push_application',
] as const;
export type AtsSyncKind = (typeof ATS_SYNC_KINDS)[number];

/** Where a sync stands: waiting for its (next) attempt, done, waiting out a back-off, given up. */
export const ATS_SYNC_STATES = ['pending', 'succeeded', 'retrying', 'failed', 'ignored'] as const;
export type AtsSyncState = (typeof ATS_SYNC_STATES)[number];

/** An ATS stage name (as the vendor names it, compared without case) → our pipeline stage. */
export const atsStageMappingSchema = z.record(z.string().trim().min(1).max(200), z.enum(PIPELINE_STAGES));
export type AtsStageMapping = z.infer<typeof atsStageMappingSchema>;

/** Sensible defaults per vendor: each one's default interview plan (or pipeline) and its hired state. */
export const ATS_DEFAULT_STAGE_MAPPING: Record<AtsVendor, AtsStageMapping> = {
  greenhouse: {
    'application review': 'referred',
    'preliminary phone screen': 'contacted',
    'phone interview': 'scheduled',
    'face to face': 'interviewed',
    'reference check': 'interviewed',
    offer: 'offer',
    hired: 'hired',
    rejected: 'declined',
  },
  // Lever's default pipeline stages (lead and applicant stages, then the interview stages).
  lever: {
    'new lead': 'referred',
    'reached out': 'contacted',
    responded: 'contacted',
    'new applicant': 'referred',
    'recruiter screen': 'contacted',
    'phone screen': 'scheduled',
    'on-site interview': 'interviewed',
    offer: 'offer',
  },
  // Ashby's default interview plan stages.
  ashby: {
    'new lead': 'referred',
    'reached out': 'contacted',
    'application review': 'referred',
    'recruiter screen': 'contacted',
    'phone screen': 'scheduled',
    'technical interview': 'interviewed',
    onsite: 'interviewed',
    offer: 'offer',
    hired: 'hired',
    archived: 'declined',
  },
};

export const ATS_MESSAGES = {
  heading: 'ATS integrations',
  apiKeyRequired: 'Enter the API key',
  onBehalfOfRequired: 'Enter the Greenhouse user id that writes are made on behalf of',
  performAsRequired: 'Enter the Lever user id that writes are made as (perform_as)',
  webhookSecretRequired: 'Enter the webhook secret key',
  idDigits: 'Greenhouse ids are numbers',
  idUuid: 'Lever and Ashby ids look like 0f6a2c1e-4b7d-4e0a-9c1f-2d3e4f5a6b7c',
  alreadyConnected: 'This ATS is already connected. Revoke it first to connect it again.',
  notConnected: 'That connection does not exist.',
  revoked: 'This connection was revoked.',
  jobNotAtCompany: 'That job is not at your company.',
  atsJobTaken: 'That ATS job is already linked to another job.',
  syncNotFound: 'That sync entry does not exist.',
  syncNotRetryable: 'Only a failed or waiting sync can be retried.',
  badSignature: 'The webhook signature does not match.',
  missingSignature: 'The webhook is not signed.',
  connectionFailingTitle: 'ATS connection failing',
  /** An imported job's requirements when the ATS's post has no section for them. */
  requirementsInDescription: 'See the description.',
  /** An imported job's location when neither the ATS nor the company gives one. */
  locationNotGiven: 'Location not given',
  connectionFailing: (vendor: string, reason: string) =>
    `${vendor} refused Referwell's calls (${reason}). Referrals are not reaching it until the key is fixed.`,
} as const;

export const ATS_NOTIFICATION_TYPE = 'ats_connection_failing';

const GREENHOUSE_ID = /^\d{0,20}$/;
const UUID_OR_EMPTY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i;

export const atsConnectRequestSchema = z
  .object({
    vendor: z.enum(ATS_VENDORS),
    apiKey: z.string().trim().min(1, ATS_MESSAGES.apiKeyRequired).max(500),
    /**
     * The user every write is made as: Greenhouse's On-Behalf-Of header (a number), Lever's perform_as (a UUID).
     * Ashby has none.
     */
    onBehalfOf: z.string().trim().max(64).optional(),
    /** The "Referral" source candidates are given (optional): a Greenhouse source id, or an Ashby source's UUID. */
    sourceId: z.string().trim().max(64).optional(),
    /** The source direct applicants are given, e.g. the company's job board (optional; Greenhouse, Ashby). */
    applicationSourceId: z.string().trim().max(64).optional(),
    /** The secret the vendor signs webhooks with (Lever: the webhook's signature token). */
    webhookSecret: z.string().trim().min(1, ATS_MESSAGES.webhookSecretRequired).max(500),
  })
  .superRefine((input, ctx) => {
    const pattern = input.vendor === 'greenhouse' ? GREENHOUSE_ID : UUID_OR_EMPTY;
    const message = input.vendor === 'greenhouse' ? ATS_MESSAGES.idDigits : ATS_MESSAGES.idUuid;
    // A field the vendor does not use is ignored (the server drops it), so it is not checked either.
    const used = {
      onBehalfOf: ATS_VENDORS_ACTING_AS.includes(input.vendor),
      sourceId: ATS_VENDORS_WITH_SOURCE_ID.includes(input.vendor),
      applicationSourceId: ATS_VENDORS_WITH_SOURCE_ID.includes(input.vendor),
    };
    for (const field of ['onBehalfOf', 'sourceId', 'applicationSourceId'] as const)
      if (used[field] && input[field] !== undefined && !pattern.test(input[field]))
        ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type AtsConnectRequest = z.infer<typeof atsConnectRequestSchema>;

export const atsConnectionSchema = z.object({
  id: z.uuid(),
  vendor: z.enum(ATS_VENDORS),
  status: z.enum(ATS_CONNECTION_STATUSES),
  /** The key is never returned: only that one is kept and its last four characters. */
  hasKey: z.boolean(),
  keyLast4: z.string().nullable(),
  onBehalfOf: z.string().nullable(),
  sourceId: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Where the vendor must send its webhooks (path on this server). */
  webhookPath: z.string(),
  stageMapping: atsStageMappingSchema,
  createdAt: z.string(),
});
export type AtsConnection = z.infer<typeof atsConnectionSchema>;
export const atsConnectionListSchema = z.array(atsConnectionSchema);

export const atsConnectionParamsSchema = z.object({ companyId: z.uuid(), connectionId: z.uuid() });
export const atsSyncParamsSchema = z.object({ companyId: z.uuid(), connectionId: z.uuid(), syncId: z.uuid() });
export const atsWebhookParamsSchema = z.object({ connectionId: z.uuid() });

export const atsTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type AtsTestResult = z.infer<typeof atsTestResultSchema>;

export const atsStageMappingRequestSchema = z.object({ stageMapping: atsStageMappingSchema });

export const atsJobSchema = z.object({ id: z.string(), title: z.string(), location: z.string().nullable() });
/**
 * An open ATS job as an adapter reads it to import it as a Referwell job: besides id, title and location, what the
 * vendor's job post says (plain text) and its pay range as the house's salary text ("$110,000 - $140,000 per year",
 * read by parseSalary), when the vendor gives them.
 */
export type AtsJob = z.infer<typeof atsJobSchema> & {
  /** One of EMPLOYMENT_TYPES when the vendor says (full-time when it does not). */
  employmentType?: EmploymentType | null;
  description?: string | null;
  requirements?: string | null;
  salary?: string | null;
};
export const atsJobListSchema = z.array(atsJobSchema);

export const atsJobLinkRequestSchema = z.object({
  jobId: z.uuid(),
  /** The ATS job's id; null unlinks. */
  atsJobId: z.string().trim().min(1).max(100).nullable(),
});
/** A company job and the ATS job it is linked to (null: not linked). */
export const atsJobLinkSchema = z.object({
  jobId: z.uuid(),
  jobTitle: z.string(),
  atsJobId: z.string().nullable(),
  /** Imported from the ATS: kept in sync with it (title, location, description, pay; closed there, closed here). */
  imported: z.boolean(),
  /** The job's status here (an imported job lacking a pay range a law requires waits as a DRAFT). */
  status: z.string(),
});
export type AtsJobLink = z.infer<typeof atsJobLinkSchema>;
export const atsJobLinkListSchema = z.array(atsJobLinkSchema);

export const atsSyncEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(ATS_SYNC_KINDS),
  /** What it concerns: our referral id for a push, the vendor's delivery id for a webhook. */
  subject: z.string().nullable(),
  state: z.enum(ATS_SYNC_STATES),
  attempts: z.number().int(),
  nextRetryAt: z.string().nullable(),
  /** The vendor's HTTP status and (shortened) answer, or what we made of it. */
  vendorStatus: z.number().int().nullable(),
  vendorAnswer: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AtsSyncEntry = z.infer<typeof atsSyncEntrySchema>;
export const atsSyncLogSchema = z.array(atsSyncEntrySchema);

export const atsWebhookAnswerSchema = z.object({ received: z.boolean(), outcome: z.string() });

/** The integrations page's words (/company-dashboard/integrations). */
export const ATS_PAGE_TEXT = {
  title: 'ATS integrations',
  intro:
    'Send referrals your candidates consent to into your applicant-tracking system, with the referrer credited, and bring hires back here.',
  notAdmin: 'Only company administrators can manage ATS integrations.',
  connectTitle: 'Connect an ATS',
  vendor: 'Applicant-tracking system',
  /** Each vendor's connect form: where its credentials are made, and the words for each field it needs. */
  vendors: {
    greenhouse: {
      connectHelp:
        'Create a Harvest API key in Greenhouse (Configure › Dev Center › API Credential Management) with access to candidates, applications, jobs and users. The key is stored encrypted and never shown again.',
      apiKey: 'Harvest API key',
      onBehalfOf: 'Greenhouse user id for writes (On-Behalf-Of)',
      sourceId: 'Referral source id (optional)',
      applicationSourceId: 'Job board source id for direct applicants (optional)',
      webhookSecret: 'Web hook secret key',
      webhookUrl: 'Web hook URL (paste into Greenhouse › Dev Center › Web Hooks)',
    },
    lever: {
      connectHelp:
        'Create an API key in Lever (Settings › Integrations and API › API Credentials) with access to opportunities, postings, users and archive reasons. Then add the web hook URL shown after connecting to the Candidate Stage Change, Candidate Archive State Change and Candidate Hired web hooks. The key is stored encrypted and never shown again.',
      apiKey: 'Lever API key',
      onBehalfOf: 'Lever user id for writes (perform_as)',
      sourceId: null,
      applicationSourceId: null,
      webhookSecret: 'Signature tokens of the three web hooks (separated by spaces)',
      webhookUrl: 'Web hook URL (paste into Lever › Settings › Integrations and API › Webhooks)',
    },
    ashby: {
      connectHelp:
        'Create an API key in Ashby (Admin › Integrations › API Keys) with read access to jobs, candidates and the organization, and write access to candidates. The key is stored encrypted and never shown again.',
      apiKey: 'Ashby API key',
      onBehalfOf: null,
      sourceId: 'Referral source id (optional)',
      applicationSourceId: 'Source id for direct applicants (optional)',
      webhookSecret: 'Web hook secret token',
      webhookUrl: 'Web hook URL (paste into Ashby › Admin › Integrations › Webhooks)',
    },
  } satisfies Record<
    AtsVendor,
    {
      connectHelp: string;
      apiKey: string;
      onBehalfOf: string | null;
      sourceId: string | null;
      applicationSourceId: string | null;
      webhookSecret: string;
      webhookUrl: string;
    }
  >,
  connect: 'Connect',
  connected: (vendor: string) => `${vendor} connected. Test the connection next.`,
  empty: 'No ATS is connected yet.',
  loadError: 'Could not load your ATS connections',
  tryAgain: 'Try again',
  keyEnding: (last4: string) => `Key ending in ${last4}`,
  test: 'Test connection',
  testQueued: 'Testing the connection: the result appears in the sync log.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this connection?',
  revokeBody:
    'The key and web hook secret are deleted; referrals stop reaching the ATS and its web hooks are refused. Job links are kept: connecting this ATS again takes them over.',
  revoked: 'Connection revoked.',
  cancel: 'Cancel',
  jobsTitle: 'Jobs',
  jobsHelp: 'Link each job to its job in the ATS: referrals for a linked job are sent there.',
  jobsEmpty: 'Your company has no open jobs to link.',
  notLinked: 'Not linked',
  refreshJobs: 'Refresh ATS jobs',
  jobsQueued: "Reading the ATS's open jobs…",
  linked: 'Job link saved.',
  mappingTitle: 'Stage mapping',
  mappingHelp: 'Which pipeline stage each ATS stage means. A hire in the ATS is always Hired.',
  atsStage: 'ATS stage',
  ourStage: 'Pipeline stage',
  addStage: 'Add stage',
  newStage: 'New ATS stage name',
  removeStage: (name: string) => `Remove ${name}`,
  saveMapping: 'Save mapping',
  mappingSaved: 'Stage mapping saved.',
  logTitle: 'Sync log',
  logColumns: { what: 'What', state: 'State', answer: 'ATS answer', when: 'When', actions: 'Actions' },
  nextRetry: (time: string) => `next ${time}`,
  copied: 'Copied',
  billingLink: 'Plans and billing',
  logEmpty: 'Nothing has been sent or received yet.',
  retry: 'Retry now',
  retried: 'Queued again.',
  status: { active: 'Active', failing: 'Failing', revoked: 'Revoked' },
  kinds: {
    push_referral: 'Referral sent',
    webhook: 'Web hook',
    test: 'Connection test',
    read_jobs: 'Jobs read',
    reconcile: 'Changes re-read',
    import_jobs: 'Jobs imported',
    push_application: 'Application sent',
  },
  importJobs: (vendor: string) => `Import open jobs from ${vendor}`,
  importHelp:
    'Each open job becomes one of your jobs, linked to it and kept in sync every 15 minutes: title, location, description and pay; a job closed in the ATS closes here. A job without a pay range the law requires waits as a draft.',
  importQueued: 'Importing the open jobs: the result appears in the sync log.',
  importedBadge: 'Imported',
  draftBadge: 'Draft',
  states: { pending: 'Waiting', succeeded: 'Done', retrying: 'Retrying', failed: 'Failed', ignored: 'Ignored' },
} as const;
