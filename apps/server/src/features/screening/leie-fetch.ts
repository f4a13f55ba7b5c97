// The queued fetch of the LEIE CSV from LEIE_URL (HHS-OIG's UPDATED.csv): through the one SSRF-safe fetcher, then
// loaded exactly as an upload (leie-load.ts). A failure throws, so the queue retries with its back-off; a rejected
// file is logged and not retried (the same file would be rejected again).
import { Readable } from 'node:stream';
import { LEIE_MAX_BYTES } from '@referwell/shared';
import type { Db } from '../../db/client';
import { isAppError } from '../../lib/errors';
import { safeFetch } from '../../lib/safe-fetch';
import { loadLeie, recordRejectedFetch } from './leie-load';

/** Long enough for the published file (about 15 MB) on a slow link. */
const FETCH_TIMEOUT_MS = 120_000;

export async function fetchLeie(
  db: Db,
  deps: { url: string | null; allowHosts: readonly string[]; log: { warn: (o: object, m: string) => void } },
  requestedBy: string | null,
): Promise<void> {
  if (!deps.url) return;
  const response = await safeFetch(deps.url, {
    allowHosts: deps.allowHosts,
    maxBytes: LEIE_MAX_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  if (response.status !== 200) throw new Error(`LEIE_URL answered HTTP ${response.status}`);
  try {
    await loadLeie(db, Readable.from([response.body]), { source: 'url', loadedBy: requestedBy });
  } catch (error) {
    if (isAppError(error, 'LEIE_REJECTED')) {
      await recordRejectedFetch(db, error.message, requestedBy);
      return deps.log.warn({ error: error.message }, 'leie: fetched file rejected');
    }
    throw error;
  }
}
