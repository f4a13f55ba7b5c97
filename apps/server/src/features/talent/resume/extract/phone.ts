// Phone numbers in résumés, with libphonenumber-js: every way people write them (international, national with a
// trunk prefix, dotted, spaced, in brackets), read with the countries the rest of the résumé points to, so a UK
// mobile written '07700 900736' is read as British and not refused as an American number.
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';

export const PHONE_CANDIDATE = /(?:(?:\+|00)\d{1,3}[\s.-]?)?(?:\(0?\d{1,5}\)[\s.-]?)?\d[\d\s.\-/]{5,18}\d/g;
const DATE_LIKE =
  /^\s*(?:\d{1,2}[/.-])?\d{4}\s*[-–/]\s*(?:\d{1,2}[/.-])?\d{4}\s*$|^\d{4}-\d{2}(?:-\d{2})?$|^\d{1,2}[./]\d{1,2}[./]\d{2,4}$|^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}$/;

/** Countries tried for a number written without its country code when the résumé gives no hint. */
const FALLBACK: CountryCode[] = [
  'US',
  'GB',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'IE',
  'CA',
  'AU',
  'IN',
  'PT',
  'BE',
  'CH',
  'AT',
];

export interface PhoneReading {
  /** As the profile shows it: as written when it is international or North American, else in international form. */
  display: string;
  e164: string;
  /** The country of the number (null for shared plans when unknown). */
  country: string | null;
  /** Valid by the number plan (not only of a possible length). */
  valid: boolean;
}

const asReading = (raw: string, parsed: PhoneNumber, international: boolean): PhoneReading => ({
  display: international || parsed.countryCallingCode === '1' ? raw : parsed.formatInternational(),
  e164: parsed.number,
  country: parsed.country ?? null,
  valid: parsed.isValid(),
});

/**
 * Reads a phone number written in a résumé. `hints` are the likeliest countries (from the address, the language);
 * a national number is read with the first hint it is valid in, else the first fallback country it is valid in,
 * else as possible in the first hint.
 */
export function readPhone(written: string, hints: string[] = []): PhoneReading | null {
  const raw = written.trim().replace(/[\s.\-/]+$/, '');
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15 || DATE_LIKE.test(raw)) return null;
  const international = /^(?:\+|00)/.test(raw);
  if (international) {
    const parsed = parsePhoneNumberFromString(raw.replace(/^00/, '+'));
    if (!parsed) return null;
    return parsed.isValid() || parsed.isPossible() ? asReading(raw, parsed, true) : null;
  }
  const parse = (country: string) => parsePhoneNumberFromString(raw, country as CountryCode);
  const hinted = hints.filter((c) => /^[A-Z]{2}$/.test(c));
  // The first country the résumé points to that the number fits (valid, or at least of a possible length there: a
  // drama number, a new range), then any country it is valid in.
  for (const country of hinted) {
    const parsed = parse(country);
    if (parsed?.isValid() || parsed?.isPossible()) return asReading(raw, parsed, false);
  }
  for (const country of FALLBACK) {
    const parsed = parse(country);
    if (parsed?.isValid()) return asReading(raw, parsed, false);
  }
  // No hint: a North American shape ('(555) 123-4567') is possible in the US plan.
  const us = parsePhoneNumberFromString(raw, 'US');
  return us?.isPossible() && !raw.startsWith('0') ? asReading(raw, us, false) : null;
}

/** Phone-number-shaped runs in a text. */
export function phoneCandidates(text: string): string[] {
  return [...text.matchAll(PHONE_CANDIDATE)].map((m) => m[0].trim());
}
