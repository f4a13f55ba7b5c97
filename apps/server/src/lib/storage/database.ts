import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { assertFileKey, type FileStorage } from './types';

/**
 * The default provider: files live in the `stored_files` table (bytea), so every server process on
 * the same database reads what another one wrote, and a backup of the database holds them too.
 */
export function databaseStorage(db: Db): FileStorage {
  return {
    provider: 'database',

    async put(key, content, { contentType }) {
      assertFileKey(key);
      const row = { contentType, sizeBytes: content.byteLength, content: toBuffer(content), createdAt: new Date() };
      await db
        .insert(storedFiles)
        .values({ key, ...row })
        .onConflictDoUpdate({ target: storedFiles.key, set: row });
    },

    async get(key) {
      assertFileKey(key);
      // One read: files are small (résumés ≤ 5 MB), so a chunked read would only add round trips.
      const [row] = await db
        .select({ content: storedFiles.content, contentType: storedFiles.contentType, size: storedFiles.sizeBytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!row) return null;
      return {
        body: Readable.from([row.content], { objectMode: false }),
        contentType: row.contentType,
        size: row.size,
      };
    },

    async delete(key) {
      assertFileKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },

    async exists(key) {
      assertFileKey(key);
      const [row] = await db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, key));
      return row !== undefined;
    },

    async close() {},
  };
}

const toBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
