// Password policy shared by the forms (strength meter, inline errors) and the server (the rule
// that is enforced): long enough, not a common password or a dressed-up one, not the e-mail.
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

export const PASSWORD_POLICY_MESSAGES = {
  tooCommon: 'This password is too common. Choose something harder to guess, like a few unrelated words.',
  sameAsEmail: 'Your password must not be your email address.',
} as const;

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean)));

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc'];

/** The password's stem: lowercased, digits/symbols around it dropped, leetspeak read back as letters. */
function stems(password: string): string[] {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const unleet = [...lower].map((c) => LEET[c] ?? c).join('');
  return [lower, trimmed, unleet, unleet.replace(/^[^a-z]+|[^a-z]+$/g, '')].filter((s) => s.length > 0);
}

/** One character repeated, a run along a keyboard row or the alphabet (either way), or digits only. */
function isTrivial(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/s.test(lower)) return true;
  if (/^\d+$/.test(lower) && lower.length < 12) return true;
  if (/^(.{1,4})\1+$/s.test(lower)) return true; // 'abcabcabc', '12121212'
  return SEQUENCES.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
}

/** Why this password is refused (a message for the person), or null when it may be used. */
export function passwordProblem(password: string, email?: string): string | null {
  if (email) {
    const address = email.trim().toLowerCase();
    const lower = password.trim().toLowerCase();
    if (lower === address || lower === address.split('@')[0]) return PASSWORD_POLICY_MESSAGES.sameAsEmail;
  }
  if (isTrivial(password)) return PASSWORD_POLICY_MESSAGES.tooCommon;
  const list = commonPasswords();
  if (stems(password).some((stem) => list.has(stem))) return PASSWORD_POLICY_MESSAGES.tooCommon;
  return null;
}

export const PASSWORD_STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/**
 * A rough 0–4 score for the meter: a refused password is 0; otherwise length counts most, and
 * mixing kinds of characters helps a little. The server enforces only passwordProblem and length.
 */
export function passwordStrength(password: string, email?: string): { score: number; label: PasswordStrengthLabel } {
  if (password.length < 8 || passwordProblem(password, email)) return { score: 0, label: PASSWORD_STRENGTH_LABELS[0] };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const unique = new Set(password).size;
  let score = password.length >= 16 ? 3 : password.length >= 12 ? 2 : 1;
  if (kinds >= 3 && unique >= 8) score += 1;
  if (unique < 5) score = Math.min(score, 1);
  const capped = Math.min(4, score);
  return { score: capped, label: PASSWORD_STRENGTH_LABELS[capped]! };
}
