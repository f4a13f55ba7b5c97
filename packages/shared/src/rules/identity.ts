/**
 * Who a person is, for matching one person to one candidate: an e-mail address compared without regard to case and
 * a LinkedIn profile address in one canonical form. (Phone numbers are compared in E.164, which needs
 * libphonenumber: the server's lib/phone.ts.)
 */

/** The form every e-mail address is stored and compared in: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const LINKEDIN_PROFILE =
  /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.|[a-z]{2}-[a-z]{2}\.)?linkedin\.com\/(?:in|pub)\/([^/?#\s]+)(?:\/[^?#\s]*)?(?:[?#]\S*)?$/i;

/**
 * A LinkedIn profile address in one canonical form, `https://www.linkedin.com/in/{handle}` with the handle
 * percent-decoded and in lower case (LinkedIn handles are case-insensitive), whatever the country subdomain,
 * scheme, trailing slash or tracking query; null for anything that is not a profile address (a company page, a post,
 * another site).
 */
export function normaliseLinkedinUrl(url: string): string | null {
  const match = LINKEDIN_PROFILE.exec(url.trim());
  if (!match) return null;
  let handle = match[1]!;
  try {
    handle = decodeURIComponent(handle);
  } catch {
    return null;
  }
  handle = handle.trim().toLowerCase();
  if (!handle || /[\s/]/.test(handle)) return null;
  return `https://www.linkedin.com/in/${encodeURIComponent(handle)}`;
}
