import { z } from 'zod';
import { PIPELINE_STAGES } from '../rules/pipeline';
import { isCalendarDate } from '../rules/input';
import { MAX_POLICY_DAYS } from '../rules/bonus-policy';

/** The referral programme's analytics (company admins): one period, optionally one job or department. */
export const ANALYTICS_PERIODS = ['30d', '90d', '365d', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
  custom: 'Custom range',
};
/** A custom range may span at most this many days. */
export const ANALYTICS_MAX_DAYS = 1_100;

const calendarDate = z
  .string()
  .trim()
  .refine((v) => isCalendarDate(v), 'Please enter a valid date');

export const analyticsQuerySchema = z
  .object({
    period: z.enum(ANALYTICS_PERIODS).default('90d'),
    /** First and last day of a custom range (inclusive). */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    jobId: z.uuid().optional(),
    department: z.string().trim().min(1).max(100).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first and last day of the range' });
      return;
    }
    const span = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be after the first' });
    if (span > ANALYTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose a range of at most three years' });
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/** The referral funnel's steps, in order. */
export const FUNNEL_STEPS = ['requests', 'referrals', 'confirmed', 'applied', 'interviewed', 'offer', 'hired'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/**
 * Each step's denominator: the step whose people it is a share of. Referrals come with or without a request, so
 * neither requests nor referrals have one; from there every step is a subset of the one before (never over 100 %).
 */
export const FUNNEL_DENOMINATORS: Record<FunnelStep, FunnelStep | null> = {
  requests: null,
  referrals: null,
  confirmed: 'referrals',
  applied: 'confirmed',
  interviewed: 'applied',
  offer: 'interviewed',
  hired: 'offer',
};
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  requests: 'Referral requests',
  referrals: 'Referrals',
  confirmed: 'Candidate confirmed',
  applied: 'Applied',
  interviewed: 'Interviewed',
  offer: 'Offer',
  hired: 'Hired',
};

/**
 * How a hire first came to the job (first touch wins): a referrer put them forward, they asked a referrer
 * (a referral request), or they applied directly.
 */
export const HIRE_SOURCES = ['referral', 'requested', 'shared_link', 'direct'] as const;
export type HireSource = (typeof HIRE_SOURCES)[number];
export const HIRE_SOURCE_LABELS: Record<HireSource, string> = {
  referral: 'Referral',
  requested: 'Requested referral',
  shared_link: 'Shared referral link',
  direct: 'Direct application',
};

const moneySchema = z.object({ currency: z.string(), amount: z.number().int() });
const ratio = z.number().nullable();

const teamFiguresSchema = z.object({
  requestsReceived: z.number().int(),
  referrals: z.number().int(),
  hires: z.number().int(),
  /** Hires ÷ referrals made in the period; null without referrals. */
  conversion: ratio,
  /** Median hours from a request to its answer. */
  medianResponseHours: z.number().nullable(),
});

export const analyticsSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  funnel: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count: z.number().int(),
      /** The step this one is a share of (FUNNEL_DENOMINATORS); null: none. */
      of: z.enum(FUNNEL_STEPS).nullable(),
      /** This step ÷ its denominator (`of`), at most 1; null without one or when it is zero. */
      conversion: ratio,
    }),
  ),
  sources: z.array(
    z.object({
      source: z.enum(HIRE_SOURCES),
      hires: z.number().int(),
      medianDaysToHire: z.number().nullable(),
      p75DaysToHire: z.number().nullable(),
    }),
  ),
  requestResponse: z.object({
    received: z.number().int(),
    answered: z.number().int(),
    medianHours: z.number().nullable(),
  }),
  referrers: z.array(
    teamFiguresSchema.extend({ userId: z.uuid(), name: z.string(), department: z.string().nullable() }),
  ),
  departments: z.array(teamFiguresSchema.extend({ department: z.string().nullable() })),
  jobs: z.array(
    z.object({
      jobId: z.uuid(),
      title: z.string(),
      department: z.string().nullable(),
      status: z.string(),
      applicants: z.number().int(),
      referrals: z.number().int(),
      stages: z.record(z.enum(PIPELINE_STAGES), z.number().int()),
      daysOpen: z.number().int(),
    }),
  ),
  bonuses: z.object({
    /** Hired, payable today (the payout delay after the start date has passed). */
    dueNow: z.array(moneySchema),
    /** Hired, payable once the payout delay after the start date has passed. */
    dueLater: z.array(moneySchema),
    awaitingHire: z.array(moneySchema),
    paidInPeriod: z.array(moneySchema),
    /** Awaiting hire × the share of the company's finished referrals that ended in a hire. */
    forecast: z.array(moneySchema),
    historicalHireRate: ratio,
  }),
  filters: z.object({
    jobs: z.array(z.object({ id: z.uuid(), title: z.string() })),
    departments: z.array(z.string()),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** The referrer leaderboard: company members see it only when an admin turns it on; anyone may leave it. */
export const leaderboardSchema = z.object({
  visible: z.boolean(),
  period: z.object({ from: z.string(), to: z.string() }),
  entries: z.array(
    z.object({ userId: z.uuid(), name: z.string(), referrals: z.number().int(), hires: z.number().int() }),
  ),
  /** Whether the signed-in referrer hid themselves. */
  hidden: z.boolean(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const leaderboardVisibilitySchema = z.object({ visible: z.boolean() });
export const leaderboardHiddenSchema = z.object({ hidden: z.boolean() });

/** The analytics tables that export as CSV. */
export const ANALYTICS_EXPORTS = ['funnel', 'sources', 'referrers', 'departments', 'jobs'] as const;
export type AnalyticsExport = (typeof ANALYTICS_EXPORTS)[number];
/** Every CSV export of the programme: referrals, one job's pipeline (jobId required), bonuses for payroll, tables. */
export const COMPANY_EXPORTS = ['referrals', 'pipeline', 'bonuses', ...ANALYTICS_EXPORTS] as const;
export type CompanyExport = (typeof COMPANY_EXPORTS)[number];

export const COMPANY_EXPORT_LABELS: Record<CompanyExport, string> = {
  referrals: 'Referrals',
  pipeline: 'Job pipeline',
  bonuses: 'Bonuses',
  funnel: 'Funnel',
  sources: 'Source of hire',
  referrers: 'Referrers',
  departments: 'Departments',
  jobs: 'Jobs',
};

export const COMPANY_EXPORT_MESSAGES = {
  preparing: 'Preparing…',
  requested: 'We are preparing your export. It will appear under Exports when it is ready.',
  readyTitle: 'Export ready',
  ready: (label: string) => `Your ${label} export is ready to download.`,
  download: 'Download CSV',
  failed: 'The export could not be prepared. Please try again.',
  pipelineNeedsJob: 'Choose a job to export its pipeline.',
} as const;

/**
 * A CSV export an admin asked for: prepared in the background, then downloadable by that admin only, through
 * `downloadUrl`, until it expires. Its period is fixed when asked for (a preset is kept as its days).
 */
export const companyExportSchema = z.object({
  id: z.uuid(),
  kind: z.enum(COMPANY_EXPORTS),
  label: z.string(),
  state: z.enum(['preparing', 'ready', 'expired', 'failed']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  fileName: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type CompanyExportStatus = z.infer<typeof companyExportSchema>;
export const companyExportListSchema = z.object({ exports: z.array(companyExportSchema) });
export type CompanyExportList = z.infer<typeof companyExportListSchema>;
/** How many of their exports an admin sees on the analytics page (newest first). */
export const COMPANY_EXPORT_LIST_LIMIT = 10;

/** A company's bonus policy as admins edit it and referrers read it (with the rule in words). */
const bonusPolicyFieldsSchema = z.object({
  defaultBonusAmount: z.number().int().min(0).max(1_000_000).nullable(),
  defaultBonusCurrency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD')
    .nullable(),
  payoutDelayDays: z.number().int().min(0).max(MAX_POLICY_DAYS),
  directApplicationWindowDays: z.number().int().min(0).max(MAX_POLICY_DAYS),
  /** The retention check's day after the start date ("still employed on day N"); null: no check. */
  retentionCheckDays: z.number().int().min(1).max(MAX_POLICY_DAYS).nullable(),
});
/**
 * Saving the policy says whether it applies to bonuses already scheduled (due, not yet paid: their due day is
 * computed again from the start date) or only to hires recorded from now on.
 */
export const bonusPolicyFormSchema = bonusPolicyFieldsSchema.extend({
  applyToScheduled: z.boolean({ error: 'Choose whether the change applies to bonuses already scheduled' }),
});
export type BonusPolicyForm = z.infer<typeof bonusPolicyFormSchema>;
export const bonusPolicySchema = bonusPolicyFieldsSchema.extend({ rule: z.string() });
export type BonusPolicyResponse = z.infer<typeof bonusPolicySchema>;
/** The saved policy and how many scheduled bonuses got a new due day (0 unless it applied to them). */
export const savedBonusPolicySchema = bonusPolicySchema.extend({ rescheduled: z.number().int() });
export type SavedBonusPolicy = z.infer<typeof savedBonusPolicySchema>;
