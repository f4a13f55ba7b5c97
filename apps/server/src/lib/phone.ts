// Phone numbers in one form for comparing them: E.164 through libphonenumber (national numbers read as US ones). The
// résumé reader's readPhone (features/talent/resume/extract/phone.ts) reads a number out of a document with the
// countries it points to; what it finds is compared through this.
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The number in E.164 ('+15551234567') when libphonenumber can read it as a possible number; null otherwise. */
export function toE164(phone: string | null | undefined, defaultCountry: 'US' = 'US'): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone.trim().replace(/^00/, '+'), defaultCountry);
  return parsed?.isPossible() ? parsed.number : null;
}
