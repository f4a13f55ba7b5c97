import { z } from 'zod';
import { optionalText, paginatedSchema, paginationQuerySchema } from './common';
import { BONUS_INELIGIBLE_REASONS } from '../rules/bonus-policy';
import { normaliseLinkedinUrl } from '../rules/identity';
import { PIPELINE_STAGES, REFERRER_RELATIONSHIPS, VOUCH_STRENGTHS } from '../rules/pipeline';
import { REFERRAL_CONSENT_STATES, REFERRAL_MESSAGES, REFERRAL_REQUEST_STATUSES, referralSchema } from './referrals';
import { newPasswordSchema } from './auth-passwords';

// Referring anyone (a person who is not on Referwell), the credit rule's answers and ledger, the candidate's
// e-mailed invitation, and where a job seeker stands on a job.

const email = z
  .string({ error: REFERRAL_MESSAGES.emailRequired })
  .trim()
  .min(1, REFERRAL_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ error: REFERRAL_MESSAGES.emailInvalid }));
const phone = optionalText(40).refine((v) => v === undefined || /^[+()\d\s.\-/]{6,40}$/.test(v), {
  message: REFERRAL_MESSAGES.phoneInvalid,
});
const linkedinUrl = optionalText(300).refine((v) => v === undefined || normaliseLinkedinUrl(v) !== null, {
  message: REFERRAL_MESSAGES.linkedinInvalid,
});

/** What identifies the person: the server matches it to one candidate (an account or an earlier referral). */
export const referralPersonSchema = z.object({ email, phone, linkedinUrl });

/** Refer someone by their details (SPEC §2 "Refer someone"): one person, one job. */
export const externalReferralSchema = referralPersonSchema.extend({
  jobId: z.uuid({ error: REFERRAL_MESSAGES.positionRequired }),
  name: z.string({ error: REFERRAL_MESSAGES.nameRequired }).trim().min(1, REFERRAL_MESSAGES.nameRequired).max(120),
  /** A résumé uploaded first with POST /api/referrals/resume (parsed, kept until the referral is made). */
  resumeUploadId: z.uuid().optional(),
  relationship: z.enum(REFERRER_RELATIONSHIPS, { error: REFERRAL_MESSAGES.relationshipRequired }),
  vouch: z.enum(VOUCH_STRENGTHS, { error: REFERRAL_MESSAGES.vouchRequired }),
  /** For the hiring team only: never shown to the candidate. */
  notes: optionalText(4000),
  /** Shown to the candidate with the referral (and to the hiring team). */
  candidateNote: optionalText(2000),
});
export type ExternalReferralForm = z.input<typeof externalReferralSchema>;
export type ExternalReferral = z.output<typeof externalReferralSchema>;

/** A résumé uploaded for a referral: what it says, to fill the form, and its id for the referral. */
export const referralResumeUploadSchema = z.object({
  uploadId: z.uuid(),
  originalName: z.string(),
  fields: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin: z.string().nullable(),
    title: z.string().nullable(),
  }),
});
export type ReferralResumeUpload = z.infer<typeof referralResumeUploadSchema>;

/** "Will this referral count?": the job and the person, by id (Find Candidates) or by their details. */
export const referralCheckSchema = z
  .object({
    jobId: z.uuid({ error: REFERRAL_MESSAGES.positionRequired }),
    talentId: z.uuid().optional(),
    name: optionalText(120),
    email: optionalText(254).pipe(z.email({ error: REFERRAL_MESSAGES.emailInvalid }).optional()),
    phone,
    linkedinUrl,
  })
  .refine((v) => v.talentId || v.email || v.phone || v.linkedinUrl, {
    message: REFERRAL_MESSAGES.emailRequired,
    path: ['email'],
  });
export type ReferralCheck = z.input<typeof referralCheckSchema>;

/** The server's answer before submit, in the same words a refusal (409) and the referral would use. */
export const referralCheckResultSchema = z.object({
  /** A submit would make a referral that counts for the referrer. */
  counts: z.boolean(),
  /** A submit would be refused (409) with `words`. */
  refused: z.boolean(),
  reason: z.enum([...BONUS_INELIGIBLE_REASONS, 'already_referred']).nullable(),
  words: z.string(),
  /** What else the rule lets the referrer know (another referral of the person waits for their answer). */
  notices: z.array(z.string()),
  /** The company's ownership rule in words. */
  rule: z.string(),
  bonus: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type ReferralCheckResult = z.infer<typeof referralCheckResultSchema>;

// ---------- The credit ledger ----------

/** What a credit decision decided: provisional (waiting for the candidate), credited, not credited, or refused. */
export const CREDIT_DECISIONS = ['pending', 'credited', 'not_credited', 'refused'] as const;
export type CreditDecision = (typeof CREDIT_DECISIONS)[number];
export const CREDIT_DECISION_LABELS: Record<CreditDecision, string> = {
  pending: 'Waiting for the candidate',
  credited: 'Credited',
  not_credited: 'Not credited',
  refused: 'Refused',
};
/** Why: the credit rule's reasons, and the candidate's own answer. */
export const CREDIT_REASONS = [
  ...BONUS_INELIGIBLE_REASONS,
  'awaiting_consent',
  'first_confirmed',
  'declined_by_candidate',
  'already_referred',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** One decision about who is credited for a candidate, with its time and reason in words. */
export const creditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  decision: z.enum(CREDIT_DECISIONS),
  reason: z.enum(CREDIT_REASONS),
  words: z.string(),
  job: z.object({ id: z.uuid(), title: z.string() }),
  referralId: z.uuid().nullable(),
  /** The candidate's name (not in the candidate's own ledger). */
  candidateName: z.string().nullable(),
  /** The referrer's name (not in the referrer's own ledger). */
  referrerName: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** One referral as its viewer may see it, with the credit rule in words and the viewer's part of its ledger. */
export const referralDetailSchema = referralSchema.extend({
  credit: z.object({ rule: z.string(), entries: z.array(creditEntrySchema) }),
});
export type ReferralDetail = z.infer<typeof referralDetailSchema>;

export const creditLedgerQuerySchema = paginationQuerySchema.extend({
  /** 'mine' (a referrer's decisions), 'about-me' (a candidate's), 'company' (an admin's whole company). */
  scope: z.enum(['mine', 'about-me', 'company']).default('mine'),
});
export const creditLedgerSchema = paginatedSchema(creditEntrySchema);
export type CreditLedger = z.infer<typeof creditLedgerSchema>;

// ---------- The candidate's invitation (the e-mailed link) ----------

export const invitationTokenParamSchema = z.object({ token: z.string().min(20).max(200) });

/** A referral as the person it is about sees it from the e-mailed link: no hiring-team note, no bonus. */
export const invitationReferralSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  companyName: z.string(),
  referrerName: z.string().nullable(),
  candidateNote: z.string().nullable(),
  consent: z.enum(REFERRAL_CONSENT_STATES),
  stage: z.enum(PIPELINE_STAGES),
  /** The company's ownership rule in words. */
  rule: z.string(),
  createdAt: z.string(),
});
export const referralInvitationSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** They set a password already: the link only says to log in. */
  claimed: z.boolean(),
  referrals: z.array(invitationReferralSchema),
});
export type ReferralInvitation = z.infer<typeof referralInvitationSchema>;
export const invitationConsentSchema = z.object({
  referralId: z.uuid(),
  decision: z.enum(['confirm', 'decline']),
});
/** Claiming the profile the referral made: a password (and whether companies may find the profile). */
export const claimProfileSchema = z.object({
  password: newPasswordSchema,
  discoverable: z.boolean().default(false),
});
export type ClaimProfileForm = z.input<typeof claimProfileSchema>;

// ---------- Where a job seeker stands on a job ----------

/**
 * The viewer's place on a job, computed by the server for (viewer, job): the job page shows it, and search cards
 * can reuse it. `none` is a seeker with nothing under way; `team` and `colleague` are the job's company.
 */
export const JOB_VIEWER_STATES = [
  'visitor',
  'team',
  'colleague',
  'company_user',
  'none',
  'requested',
  'referral_to_confirm',
  'referred',
  'applied',
  'in_process',
  'hired',
  'not_selected',
] as const;
export type JobViewerState = (typeof JOB_VIEWER_STATES)[number];

export const jobViewerStatusSchema = z.object({
  state: z.enum(JOB_VIEWER_STATES),
  /** One line: "Priya referred you — no need to apply". Null when there is nothing to say. */
  headline: z.string().nullable(),
  detail: z.string().nullable(),
  /** Steer the seeker to ask a referrer before applying (the company pays a bonus and nothing is under way). */
  askFirst: z.boolean(),
  /** The company's ownership rule in words, for this viewer. */
  rule: z.string().nullable(),
  referral: z
    .object({ id: z.uuid(), referrerName: z.string().nullable(), consent: z.enum(REFERRAL_CONSENT_STATES) })
    .nullable(),
  /** The seeker's requests for this job that are still open or were answered. */
  requests: z.array(z.object({ id: z.uuid(), referrerName: z.string(), status: z.enum(REFERRAL_REQUEST_STATUSES) })),
  /** The seeker's stage on the job when they are in its pipeline. */
  stage: z.enum(PIPELINE_STAGES).nullable(),
});
export type JobViewerStatus = z.infer<typeof jobViewerStatusSchema>;
