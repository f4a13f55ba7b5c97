// "Who do you know", the upload: the export is read in a parsing process (the connectionsRead task) and matched;
// nothing is stored. Apart from service.ts so that what keeps, lists and deletes matches (the seed among its users)
// does not need the parsing processes.
import {
  CONNECTIONS_LIMITS,
  CONNECTIONS_MESSAGES,
  type ConnectionSuggestion,
  type ConnectionsImport,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runInWorker } from '../../lib/worker-task';
import type { AuthContext } from '../../platform/sessions/sessions';
import { kindOf, matchReferrer, openRoles, referrerCandidates } from './service';

export const CONNECTIONS_READ_TIMEOUT_MS = 20_000;

/**
 * Reads an upload and answers what matched; nothing is stored. A file that cannot be read is refused with a 4xx
 * (422 from the reader, or its timeout) before anything else happens.
 */
export async function importConnections(db: Db, me: AuthContext, bytes: Uint8Array): Promise<ConnectionsImport> {
  const kind = kindOf(me);
  const roles = kind === 'role' ? await openRoles(db, me.company!.id) : undefined;
  const read = await runInWorker(
    'connectionsRead',
    { bytes, ...(roles ? { roles, companyName: me.company!.name } : {}) },
    {
      timeoutMs: CONNECTIONS_READ_TIMEOUT_MS,
      onTimeout: () => new AppError(422, 'CONNECTIONS_TIMEOUT', CONNECTIONS_MESSAGES.timeout),
    },
  );
  let suggestions: ConnectionSuggestion[];
  if (kind === 'role') {
    suggestions = read.fits.map(({ connection, role }) => ({ connection, role, referrer: null }));
  } else {
    const candidates = await referrerCandidates(db, read.connections);
    suggestions = read.connections.flatMap((connection) => {
      const found = matchReferrer(connection, candidates, me.user.id);
      if (!found) return [];
      const { email: _email, ...referrer } = found;
      return [{ connection, role: null, referrer }];
    });
    suggestions.sort(
      (a, b) =>
        a.referrer!.company.name.localeCompare(b.referrer!.company.name) ||
        a.referrer!.name.localeCompare(b.referrer!.name),
    );
  }
  return {
    kind,
    read: read.read,
    skipped: read.skipped,
    total: suggestions.length,
    suggestions: suggestions.slice(0, CONNECTIONS_LIMITS.maxSuggestions),
  };
}
