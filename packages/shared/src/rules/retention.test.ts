import { describe, expect, it } from 'vitest';
import {
  addMonths,
  countryOfLocation,
  dsrDueDate,
  needsCaliforniaNotice,
  RETENTION_DEFAULT_MONTHS,
  retentionDates,
  retentionMonthsFor,
} from './retention';
import { countryLines, retentionPolicyFormSchema } from '../schemas/retention';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe('retention date rules', () => {
  it('adds calendar months, keeping the last day of a shorter month', () => {
    expect(iso(addMonths(day('2026-01-15'), 24))).toBe('2028-01-15');
    expect(iso(addMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(iso(addMonths(day('2027-01-31'), 13))).toBe('2028-02-29');
    expect(iso(addMonths(day('2026-08-31'), 6))).toBe('2027-02-28');
    expect(iso(addMonths(day('2026-12-10'), 1))).toBe('2027-01-10');
  });

  it("uses the candidate's country's months, else the company's default", () => {
    const policy = { defaultMonths: RETENTION_DEFAULT_MONTHS, countryMonths: { DE: 6, GB: 12 } };
    expect(retentionMonthsFor(policy, 'DE')).toBe(6);
    expect(retentionMonthsFor(policy, 'gb')).toBe(12);
    expect(retentionMonthsFor(policy, 'US')).toBe(24);
    expect(retentionMonthsFor(policy, null)).toBe(24);
  });

  it('erases at the end of the term and reminds 30 days before', () => {
    const { expiresAt, remindAt } = retentionDates(day('2026-03-01'), 6);
    expect(iso(expiresAt)).toBe('2026-09-01');
    expect(iso(remindAt)).toBe('2026-08-02');
  });

  it('reads the country and California from a profile location', () => {
    expect(countryOfLocation('Berlin, Germany')).toBe('DE');
    expect(countryOfLocation('Remote')).toBeNull();
    expect(needsCaliforniaNotice('San Francisco, CA')).toBe(true);
    expect(needsCaliforniaNotice('Los Angeles, California')).toBe(true);
    expect(needsCaliforniaNotice('Boston, MA')).toBe(false);
    expect(needsCaliforniaNotice(null)).toBe(false);
  });

  it('dates a data-subject request by its law: one month (GDPR), 45 days (CCPA), 30 days otherwise', () => {
    expect(iso(dsrDueDate(day('2026-01-31'), 'gdpr'))).toBe('2026-02-28');
    expect(iso(dsrDueDate(day('2026-12-01'), 'ccpa'))).toBe('2027-01-15');
    expect(iso(dsrDueDate(day('2026-12-01'), 'other'))).toBe('2026-12-31');
  });
});

describe('the retention policy form', () => {
  it('reads per-country lines into the policy, and writes them back', () => {
    const read = retentionPolicyFormSchema.safeParse({ defaultMonths: 24, countries: 'de 6\nGB: 12\n\n' });
    expect(read.data).toEqual({ defaultMonths: 24, countryMonths: { DE: 6, GB: 12 } });
    expect(countryLines({ DE: 6, GB: 12 })).toBe('DE 6\nGB 12');
    expect(retentionPolicyFormSchema.safeParse({ defaultMonths: 24, countries: 'Germany 6' }).success).toBe(false);
    expect(retentionPolicyFormSchema.safeParse({ defaultMonths: 24, countries: 'DE 0' }).success).toBe(false);
    expect(retentionPolicyFormSchema.safeParse({ defaultMonths: 0, countries: '' }).success).toBe(false);
  });
});
