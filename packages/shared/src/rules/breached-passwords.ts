// The 49,233 passwords most common in public breach corpora (the list zxcvbn-ts ships). Server-only: it is not
// exported from the package index, so it never reaches a browser bundle; the forms check the short list of
// rules/password.ts as you type and show the server's answer for the rest.
import { dictionary } from '@zxcvbn-ts/language-common';

let breached: Set<string> | undefined;

/** True when the password, lowercased, or its stem without leading/trailing digits and symbols, is on the list. */
export function isBreachedPassword(password: string): boolean {
  breached ??= new Set(dictionary['passwords-common']);
  const lower = password.trim().toLowerCase();
  const stem = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return breached.has(lower) || (stem.length >= 4 && breached.has(stem));
}
