import type { ConnectionSuggestion, LinkedInConnection } from '@referwell/shared';
import { referSomeoneUrl } from '@referwell/shared/url-filters/refer-someone';

/** "Ana García", or whichever half LinkedIn gave. */
export const connectionName = (c: Pick<LinkedInConnection, 'firstName' | 'lastName'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ');

/** One suggestion, told apart from the others of an upload (for the selection). */
export const suggestionKey = (s: ConnectionSuggestion) =>
  [s.connection.profileUrl ?? s.connection.email ?? connectionName(s.connection), s.role?.jobId ?? s.referrer?.id].join(
    '|',
  );

/** How a fit reads: strong from 80 on. */
export const fitLabel = (score: number) => (score >= 80 ? 'Strong fit' : 'Good fit');

/** Find Candidates for this role, searched for this connection and filled in with them: one click to a referral. */
export const referHref = (connection: LinkedInConnection, jobId: string) =>
  referSomeoneUrl.href({
    refer: 'someone',
    jobId,
    q: connectionName(connection),
    name: connectionName(connection),
    ...(connection.email ? { email: connection.email } : {}),
    ...(connection.profileUrl ? { linkedinUrl: connection.profileUrl } : {}),
  });

/** What the keep request sends for a suggestion: the connection and its role or referrer. */
export const keepItem = (s: ConnectionSuggestion) => ({
  connection: s.connection,
  ...(s.role ? { jobId: s.role.jobId } : {}),
  ...(s.referrer ? { referrerId: s.referrer.id } : {}),
});
