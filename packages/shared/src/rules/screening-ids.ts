// What exclusion screening (issue 36) may be told about a candidate besides their name: an NPI and a date of birth.
// Either lets a LEIE row be a "match" rather than a name-only "possible match — verify".
import { isCalendarDate } from './input';

/**
 * An NPI is 10 digits whose last is a Luhn check digit computed over the first nine prefixed with 80840 (the card
 * issuer prefix of the health industry), per CMS's "Requirements for NPI check digit" (NPIcheckdigit.pdf): e.g.
 * 123456789 takes check digit 3, so 1234567893 is valid. Checking the 15 digits 80840 + NPI with Luhn is the same.
 */
export function isValidNpi(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const digits = `80840${value}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right: the check digit as is, the next doubled, and so on.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Youngest and oldest age a candidate's date of birth may give (working age; a typo such as 2O25 or 1895 refused). */
export const DOB_AGE_RANGE = { min: 14, max: 100 } as const;

/** A YYYY-MM-DD calendar day between DOB_AGE_RANGE.max and DOB_AGE_RANGE.min years before `today`. */
export function isPlausibleDob(value: string, today: Date = new Date()): boolean {
  if (!isCalendarDate(value)) return false;
  const shift = (years: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
    return d.toISOString().slice(0, 10);
  };
  return value <= shift(DOB_AGE_RANGE.min) && value >= shift(DOB_AGE_RANGE.max);
}
