import { z } from 'zod';
import { DSR_JURISDICTIONS, DSR_KINDS, RETENTION_MAX_MONTHS } from '../rules/retention';

export const RETENTION_MESSAGES = {
  months: `Enter a number of months from 1 to ${RETENTION_MAX_MONTHS}`,
  country: 'Use a two-letter country code (ISO 3166-1), e.g. DE',
  countryLine: 'Write each line as a two-letter country code and a number of months from 1 to 120, e.g. DE 6',
  invalidRenewal: 'This renewal link is not valid. It may have been replaced by a newer reminder.',
  renewed: (until: string) => `Thank you. Your profile stays in the talent pool until ${until}.`,
  requestNotFound: 'No such request.',
} as const;

const months = z
  .number({ error: RETENTION_MESSAGES.months })
  .int()
  .min(1, RETENTION_MESSAGES.months)
  .max(RETENTION_MAX_MONTHS, RETENTION_MESSAGES.months);

/** GET/PUT /api/companies/:companyId/retention-policy (admins). */
export const retentionPolicySchema = z.object({
  defaultMonths: months,
  countryMonths: z
    .record(z.string().regex(/^[A-Z]{2}$/, RETENTION_MESSAGES.country), months)
    .refine((r) => Object.keys(r).length <= 250),
});

/** PUT /api/companies/:companyId/talent-pool-consent (job seekers): what they agree to, and to which wording. */
export const talentPoolConsentInputSchema = z.object({ textVersion: z.string().min(1).max(60) });
export const talentPoolConsentSchema = z.object({
  companyId: z.uuid().nullable(),
  scope: z.string(),
  textVersion: z.string(),
  givenAt: z.string(),
  renewedAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type TalentPoolConsent = z.infer<typeof talentPoolConsentSchema>;

/** POST /api/talent-pool/renew — the one-click renewal (the mailed token is the proof). */
export const renewalQuerySchema = z.object({ token: z.string().max(500).default('') });

export const dataSubjectRequestInputSchema = z.object({
  kind: z.enum(DSR_KINDS),
  requesterName: z.string().trim().min(1).max(200),
  requesterEmail: z.email().max(320),
  jurisdiction: z.enum(DSR_JURISDICTIONS),
  /** YYYY-MM-DD; today when left out. */
  receivedOn: z.iso.date().optional(),
  note: z.string().trim().max(2000).optional(),
});
export type DataSubjectRequestInput = z.infer<typeof dataSubjectRequestInputSchema>;

export const dataSubjectRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DSR_KINDS),
  requesterName: z.string(),
  requesterEmail: z.string(),
  jurisdiction: z.enum(DSR_JURISDICTIONS),
  receivedOn: z.string(),
  dueOn: z.string(),
  completedAt: z.string().nullable(),
  overdue: z.boolean(),
  note: z.string().nullable(),
});
export type DataSubjectRequest = z.infer<typeof dataSubjectRequestSchema>;
export const dataSubjectRequestParamsSchema = z.object({ companyId: z.uuid(), requestId: z.uuid() });

const COUNTRY_LINE = /^([A-Za-z]{2})\s*[:=\s]\s*(\d{1,3})$/;

/** The policy form: the per-country months as lines ("DE 6"), read into the policy the API takes. */
export const retentionPolicyFormSchema = z
  .object({ defaultMonths: months, countries: z.string().max(4000) })
  .superRefine((form, ctx) => {
    for (const line of form.countries
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const match = COUNTRY_LINE.exec(line);
      const n = match ? Number(match[2]) : 0;
      if (!match || n < 1 || n > RETENTION_MAX_MONTHS)
        return void ctx.addIssue({ code: 'custom', path: ['countries'], message: RETENTION_MESSAGES.countryLine });
    }
  })
  .transform((form) => ({
    defaultMonths: form.defaultMonths,
    countryMonths: Object.fromEntries(
      form.countries
        .split('\n')
        .map((l) => COUNTRY_LINE.exec(l.trim()))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1]!.toUpperCase(), Number(m[2])]),
    ),
  }));

/** The policy's per-country months as the form's lines. */
export const countryLines = (countryMonths: Record<string, number>) =>
  Object.entries(countryMonths)
    .map(([country, n]) => `${country} ${n}`)
    .join('\n');

/** Retention and data-subject requests (issue 36): the admin's privacy screen. */
export const PRIVACY_TEXTS = {
  pageTitle: 'Privacy and retention',
  pageIntro:
    'How long candidates’ personal data is kept after their last activity, and the access, deletion and correction requests you received, with their legal deadlines.',
  adminsOnly: 'Only company administrators can manage privacy and retention.',
  policyTitle: 'Retention policy',
  policyHint:
    'Candidates are reminded 30 days before the end and can renew with one click; otherwise their data is erased and referral and bonus history kept without their name.',
  defaultMonths: 'Months after last activity',
  countryMonths: 'Per country (one per line, e.g. DE 6)',
  policySaved: 'Retention policy saved',
  save: 'Save',
  requestsTitle: 'Data-subject requests',
  requestsEmpty: 'No requests recorded.',
  recordRequest: 'Record request',
  requestRecorded: 'Request recorded',
  markDone: 'Mark done',
  requestDone: 'Request marked done',
  kind: 'Request',
  requester: 'Requester',
  requesterName: 'Name',
  requesterEmail: 'E-mail',
  law: 'Law',
  receivedOn: 'Received on',
  due: 'Due',
  status: 'Status',
  open: 'Open',
  overdue: 'Overdue',
  done: 'Done',
  loadError: 'Could not load this. Please try again.',
  failed: 'That did not work. Please try again.',
} as const;

export const DSR_KIND_LABELS = { access: 'Access', deletion: 'Deletion', correction: 'Correction' } as const;
export const DSR_JURISDICTION_LABELS = {
  gdpr: 'GDPR / UK GDPR (1 month)',
  ccpa: 'CCPA / CPRA (45 days)',
  other: 'Other (30 days)',
} as const;
