import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { databaseStorage } from './database';
import { readAll, type FileStorage } from './types';

/**
 * After switching to S3, files still in the database are copied to the bucket under the same keys
 * and then removed from the database, one at a time, so what rows refer to stays reachable.
 * Instances starting together may copy the same file twice; put and delete are idempotent.
 */
export async function moveDatabaseFilesTo(storage: FileStorage, db: Db, log: FastifyBaseLogger): Promise<number> {
  if (storage.provider !== 's3') return 0;
  const source = databaseStorage(db);
  let moved = 0;
  for (;;) {
    const keys = await db.select({ key: storedFiles.key }).from(storedFiles).orderBy(asc(storedFiles.key)).limit(100);
    if (keys.length === 0) break;
    for (const { key } of keys) {
      const file = await source.get(key);
      if (file) {
        await storage.put(key, await readAll(file), { contentType: file.contentType });
        moved += 1;
      }
      await source.delete(key);
    }
  }
  if (moved > 0) log.info(`moved ${moved} file(s) from the database into S3 storage`);
  return moved;
}
