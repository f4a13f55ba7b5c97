// Candidate data retention and consent (issue 36): how long a company keeps a candidate after their last activity,
// when the reminder goes out, when a data-subject request is due, and who is shown California's notice at collection.
// Pure rules; the server applies them (features/retention) and the web shows them.
import { readLocation } from '../places';

export const RETENTION_DEFAULT_MONTHS = 24;
export const RETENTION_MAX_MONTHS = 120;
/** The renewal reminder goes out this many days before the data would be erased. */
export const RETENTION_REMINDER_DAYS = 30;

export interface RetentionPolicy {
  defaultMonths: number;
  /** ISO 3166-1 alpha-2 country → months. */
  countryMonths: Record<string, number>;
}

/** `date` plus whole calendar months, kept on the last day of a shorter month (31 January + 1 month = 28/29 February). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The months a company keeps a candidate from `country` (null: unknown), by its policy. */
export function retentionMonthsFor(policy: RetentionPolicy, country: string | null): number {
  return (country && policy.countryMonths[country.toUpperCase()]) || policy.defaultMonths;
}

/** When a candidate's data is erased and when they are reminded, from their last activity (or consent renewal). */
export function retentionDates(lastActivity: Date, months: number): { remindAt: Date; expiresAt: Date } {
  const expiresAt = addMonths(lastActivity, months);
  return { expiresAt, remindAt: new Date(expiresAt.getTime() - RETENTION_REMINDER_DAYS * 24 * 3600 * 1000) };
}

/** The country a profile's location names, if one (ISO code). */
export function countryOfLocation(location: string | null | undefined): string | null {
  return readLocation(location).places.find((p) => p.country)?.country ?? null;
}

/**
 * A California resident is shown the CCPA/CPRA "Notice at collection" before their data is collected: a location
 * with a part "CA" or "California" ("San Francisco, CA"). Read without the gazetteer, so the web page that asks stays
 * light; showing the notice to someone who is not in California harms no one.
 */
export function needsCaliforniaNotice(location: string | null | undefined): boolean {
  return (location ?? '').split(',').some((part) => /^(CA|california)$/i.test(part.trim()) && part.trim() !== 'ca');
}

export const DSR_KINDS = ['access', 'deletion', 'correction'] as const;
export type DsrKind = (typeof DSR_KINDS)[number];

/**
 * The law a data-subject request's deadline follows: GDPR / UK GDPR (one month, Art. 12(3)), CCPA/CPRA (45 days,
 * Cal. Civ. Code § 1798.130(a)(2)), or elsewhere (30 days, the house's own promise).
 */
export const DSR_JURISDICTIONS = ['gdpr', 'ccpa', 'other'] as const;
export type DsrJurisdiction = (typeof DSR_JURISDICTIONS)[number];

export function dsrDueDate(received: Date, jurisdiction: DsrJurisdiction): Date {
  if (jurisdiction === 'gdpr') return addMonths(received, 1);
  const days = jurisdiction === 'ccpa' ? 45 : 30;
  return new Date(received.getTime() + days * 24 * 3600 * 1000);
}

/** The talent-pool consent wording, versioned: a consent records the version the person agreed to. */
export const TALENT_POOL_CONSENT = {
  version: 'talent-pool-2026-12',
  text: (company: string, months: number) =>
    `I agree that ${company} keeps my profile and application in its talent pool to consider me for other roles, for ${months} months after my last activity. I can withdraw this consent or ask for my data to be deleted at any time; I will be reminded before it lapses.`,
} as const;

/** The California notice at collection (Cal. Civ. Code § 1798.100(b); CCPA Regulations § 7012), versioned. */
export const CALIFORNIA_NOTICE = {
  version: 'ca-notice-2026-12',
  title: 'Notice at collection for California residents',
  paragraphs: [
    'We collect the personal information you give us: identifiers (name, e-mail, phone), professional and employment information (your profile, résumé and applications), and, only if you choose to answer them, voluntary self-identification answers (sensitive personal information, used only for equal-opportunity reporting).',
    'We use it to run your job search and referrals, to share your profile with a company when you apply or confirm a referral, and to meet legal obligations. We do not sell or share your personal information for cross-context behavioural advertising.',
    'Companies keep a candidate’s data for their retention period (24 months after the last activity unless the company sets another), and Referwell keeps a job seeker profile for its own period after the last sign-in; you are reminded before either ends and can renew, or ask for deletion at any time.',
    'You may ask to know, correct or delete your personal information and to limit the use of sensitive personal information, from your settings page or by writing to the company. Our privacy policy has the details.',
  ],
} as const;
