import { z } from 'zod';
import { PIPELINE_STAGES } from '../rules/pipeline';
import type { EmploymentType } from './jobs';

/**
 * Applicant-tracking-system connections (issue 33): a company links its ATS; referrals flow in, stage changes and
 * hires flow back. One adapter per vendor behind one interface on the server.
 */
export const ATS_VENDORS = ['greenhouse'] as const;
export type AtsVendor = (typeof ATS_VENDORS)[number];

export const ATS_VENDOR_NAMES: Record<AtsVendor, string> = { greenhouse: 'Greenhouse' };

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

/** Sensible defaults per vendor: Greenhouse's default interview plan and its hired state. */
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
};

export const ATS_MESSAGES = {
  heading: 'ATS integrations',
  apiKeyRequired: 'Enter the API key',
  onBehalfOfRequired: 'Enter the Greenhouse user id that writes are made on behalf of',
  webhookSecretRequired: 'Enter the webhook secret key',
  idDigits: 'Greenhouse ids are numbers',
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

export const atsConnectRequestSchema = z.object({
  vendor: z.enum(ATS_VENDORS),
  apiKey: z.string().trim().min(1, ATS_MESSAGES.apiKeyRequired).max(500),
  /** Greenhouse: the user id every write is made on behalf of (the On-Behalf-Of header). */
  onBehalfOf: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, ATS_MESSAGES.idDigits)
    .optional(),
  /** Greenhouse: the id of the "Referral" source candidates are given (optional). */
  sourceId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, ATS_MESSAGES.idDigits)
    .optional(),
  /** Greenhouse: the id of the source direct applicants are given, e.g. the company's job board (optional). */
  applicationSourceId: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, ATS_MESSAGES.idDigits)
    .optional(),
  webhookSecret: z.string().trim().min(1, ATS_MESSAGES.webhookSecretRequired).max(500),
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
  connectTitle: 'Connect Greenhouse',
  connectHelp:
    'Create a Harvest API key in Greenhouse (Configure › Dev Center › API Credential Management) with access to candidates, applications, jobs and users. The key is stored encrypted and never shown again.',
  apiKey: 'Harvest API key',
  onBehalfOf: 'Greenhouse user id for writes (On-Behalf-Of)',
  sourceId: 'Referral source id (optional)',
  applicationSourceId: 'Job board source id for direct applicants (optional)',
  webhookSecret: 'Web hook secret key',
  connect: 'Connect',
  connected: 'Greenhouse connected. Test the connection next.',
  empty: 'No ATS is connected yet.',
  loadError: 'Could not load your ATS connections',
  tryAgain: 'Try again',
  keyEnding: (last4: string) => `Key ending in ${last4}`,
  webhookUrl: 'Web hook URL (paste into Greenhouse › Dev Center › Web Hooks)',
  test: 'Test connection',
  testQueued: 'Testing the connection: the result appears in the sync log.',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this connection?',
  revokeBody: 'The key and web hook secret are deleted; referrals stop reaching the ATS and its web hooks are refused.',
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
