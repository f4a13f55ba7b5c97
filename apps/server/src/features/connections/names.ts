// How a connection is recognised: as one person to keep once, and as a referrer on Referwell.
import type { LinkedInConnection } from '@referwell/shared';

const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Legal and filler words a company's name is written with or without ("Northwind Health, Inc."). */
const COMPANY_FILLER = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'bv',
  'the',
]);

/** A company as names are compared: "The Northwind Health, Inc." and "northwind health" are one. */
export function companyKey(name: string): string {
  return plain(name)
    .split(' ')
    .filter((word) => word && !COMPANY_FILLER.has(word))
    .join(' ');
}

/** A person's name as compared: accents, case and punctuation aside ("José O'Neil" = "jose o neil"). */
export function personNameKey(name: string): string {
  return plain(name);
}

export const fullName = (c: Pick<LinkedInConnection, 'firstName' | 'lastName'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ');

/** A LinkedIn profile address without scheme, host variant, query or trailing slash: linkedin.com/in/jane-doe. */
export function profileKey(url: string): string | null {
  const m = /^https?:\/\/(?:[a-z]{2,3}\.)?(?:www\.)?linkedin\.com\/(in|pub)\/([^/?#\s]+)/i.exec(url.trim());
  return m ? `linkedin.com/${m[1]!.toLowerCase()}/${decodeURIComponent(m[2]!).toLowerCase()}` : null;
}

/** Who a connection is, to keep them once: their profile, else their e-mail, else their name and company. */
export function personKey(c: LinkedInConnection): string {
  const profile = c.profileUrl ? profileKey(c.profileUrl) : null;
  if (profile) return `profile:${profile}`;
  if (c.email) return `email:${c.email.toLowerCase()}`;
  return `name:${personNameKey(fullName(c))}|${companyKey(c.company ?? '')}`;
}

/**
 * Whether a connection is this referrer: the same e-mail address, or the same name at the same company (LinkedIn
 * rarely exports e-mail addresses, and the company is what a job seeker came for).
 */
export function isReferrer(
  c: LinkedInConnection,
  referrer: { email: string; name: string; companyName: string },
): boolean {
  if (c.email && c.email.toLowerCase() === referrer.email.toLowerCase()) return true;
  return (
    !!c.company &&
    personNameKey(fullName(c)) === personNameKey(referrer.name) &&
    companyKey(c.company) === companyKey(referrer.companyName)
  );
}
