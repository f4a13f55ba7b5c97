// The parsing-process side of an upload (worker-tasks.ts): read the export, and for a referrer find the connections
// who fit one of the company's open roles. Pure and synchronous: nothing here touches the database.
import type { ConnectionRoleFit, LinkedInConnection } from '@referwell/shared';
import { bestRoleFit, preparePosition, prepareRole } from './fit';
import { readLinkedInConnections } from './linkedin-csv';
import { companyKey } from './names';

export interface ConnectionsReadInput {
  bytes: Uint8Array;
  /** A referrer's upload: the company's open roles and its name (its own people are not suggested to it). */
  roles?: { id: string; title: string; skills: string[] }[];
  companyName?: string;
}

export interface ConnectionsReadOutput {
  read: number;
  skipped: number;
  /** A job seeker's upload: every connection, matched to referrers in the database next. */
  connections: LinkedInConnection[];
  /** A referrer's upload: the connections who fit a role, best first. */
  fits: { connection: LinkedInConnection; role: ConnectionRoleFit }[];
}

export function readConnectionsFile(input: ConnectionsReadInput): ConnectionsReadOutput {
  const { connections, skipped } = readLinkedInConnections(input.bytes);
  if (!input.roles) return { read: connections.length, skipped, connections, fits: [] };
  const roles = input.roles.map(prepareRole);
  const own = input.companyName ? companyKey(input.companyName) : null;
  const fits: ConnectionsReadOutput['fits'] = [];
  for (const connection of connections) {
    if (!connection.position) continue;
    if (own && connection.company && companyKey(connection.company) === own) continue;
    const best = bestRoleFit(preparePosition(connection.position), roles);
    if (best)
      fits.push({
        connection,
        role: { jobId: best.role.id, title: best.role.title, fitScore: best.score, shared: best.shared },
      });
  }
  fits.sort(
    (a, b) =>
      b.role.fitScore - a.role.fitScore ||
      a.connection.lastName.localeCompare(b.connection.lastName) ||
      a.connection.firstName.localeCompare(b.connection.firstName),
  );
  return { read: connections.length, skipped, connections: [], fits };
}
