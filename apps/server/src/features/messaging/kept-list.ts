import { sql } from 'drizzle-orm';
import type { ConversationListQuery } from '@referwell/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { KeptJson } from '../../lib/kept-json';
import { ShortCache } from '../../lib/short-cache';
import { listConversations } from './service';

/**
 * How long a list answer is kept. Its version says whether it is current, so the time only bounds memory held for
 * people who stopped asking.
 */
export const KEPT_LIST_TTL_MS = 60_000;
/** What kept lists may hold per database: a page of 20 is 8–12 KB of JSON, plus its compressed forms. */
const KEPT_LIST_BYTES = 16 << 20;

const caches = new WeakMap<Db, ShortCache<KeptJson>>();

function cacheOf(db: Db): ShortCache<KeptJson> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ShortCache(2_000, { maxBytes: KEPT_LIST_BYTES, bytesOf: (kept) => kept.bytes });
    caches.set(db, cache);
  }
  return cache;
}

/** The person's list version (conversation_list_versions, raised by triggers on every write their list shows); 0 before any. */
async function listVersion(db: Db, userId: string): Promise<string> {
  const [row] = await preparedRows<{ version: string }>(
    db,
    sql`select version from conversation_list_versions where user_id = ${userId}`,
  );
  return String(row?.version ?? 0);
}

/**
 * listConversations as the JSON text of its answer (conversationListResponseSchema, held to it by the API tests),
 * kept per person, query and list version. Each request reads the version (one prepared primary-key read): a write
 * anywhere, through any instance, that changes the list has raised it by the time it commits, so the answer is as
 * current as reading the list itself, and a request that sees a new version loads it (identical concurrent loads
 * share one run). Versions only grow, so an answer loaded after a later write is newer, never older, than its key.
 */
export async function conversationListJson(db: Db, userId: string, query: ConversationListQuery): Promise<KeptJson> {
  const version = await listVersion(db, userId);
  const key = `${userId}:${version}:${query.page}:${query.pageSize}:${query.q ?? ''}`;
  return cacheOf(db).get(
    key,
    KEPT_LIST_TTL_MS,
    async () => new KeptJson(JSON.stringify(await listConversations(db, userId, query))),
  );
}
