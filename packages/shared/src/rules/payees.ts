/**
 * Who a company pays bonuses to, and what a US payer needs for the ones outside its payroll: the W-9's tax
 * classification and taxpayer identification number (TIN), and the yearly total that decides a Form 1099-NEC.
 * Pure: the server seals the TIN and sums the payments.
 */

/** An employee is paid through payroll (supplemental wages); an external referrer is paid as a contractor. */
export const PAYEE_KINDS = ['employee', 'external'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];

/** Form W-9, line 3a: the federal tax classification. */
export const TAX_CLASSIFICATIONS = [
  'individual',
  'c_corporation',
  's_corporation',
  'partnership',
  'trust_estate',
  'llc',
  'other',
] as const;
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number];

export const TAX_CLASSIFICATION_LABELS: Record<TaxClassification, string> = {
  individual: 'Individual/sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust/estate',
  llc: 'Limited liability company',
  other: 'Other',
};

/** A social security number (or ITIN) for a person, an employer identification number for an entity. */
export const TIN_TYPES = ['ssn', 'ein'] as const;
export type TinType = (typeof TIN_TYPES)[number];

const SSN = /^(\d{3})-?(\d{2})-?(\d{4})$/;
const EIN = /^(\d{2})-?(\d{7})$/;

/**
 * The TIN's nine digits when it has the shape of its type (SSN 123-45-6789, EIN 12-3456789, or nine digits),
 * else null. An SSN never starts with 000, 666 or 9 and has no all-zero group; an EIN never starts with 00.
 */
export function normalizeTin(type: TinType, value: string): string | null {
  const trimmed = value.trim();
  if (type === 'ssn') {
    const m = SSN.exec(trimmed);
    if (!m) return null;
    const [, area, group, serial] = m as unknown as [string, string, string, string];
    if (area === '000' || area === '666' || area.startsWith('9') || group === '00' || serial === '0000') return null;
    return `${area}${group}${serial}`;
  }
  const m = EIN.exec(trimmed);
  if (!m || m[1] === '00') return null;
  return `${m[1]}${m[2]}`;
}

/** The TIN as it is shown: only its last four digits (***-**-6789, **-***6789). */
export function maskTin(type: TinType, last4: string): string {
  return type === 'ssn' ? `***-**-${last4}` : `**-***${last4}`;
}

/**
 * The yearly total (USD) from which a payer files Form 1099-NEC for a non-employee: $600 for payments through 2025,
 * $2,000 from 2026 (One Big Beautiful Bill Act, section 70433; indexed for inflation after 2026, not yet published).
 */
export function nec1099ThresholdUsd(year: number): number {
  return year <= 2025 ? 600 : 2000;
}
