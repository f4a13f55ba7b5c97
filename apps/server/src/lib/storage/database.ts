import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
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
      // The first chunk comes with the metadata, so a résumé is one read; a large export streams the rest.
      const [row] = await db
        .select({
          head: sql<Buffer>`substring(${storedFiles.content} from 1 for ${READ_CHUNK})`,
          contentType: storedFiles.contentType,
          size: storedFiles.sizeBytes,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!row) return null;
      return {
        body: Readable.from(chunksOf(db, key, row.head, row.size), { objectMode: false }),
        contentType: row.contentType,
        size: row.size,
      };
    },

    async putStream(key, content, { contentType }) {
      assertFileKey(key);
      // Appended a few megabytes at a time under a side key, then swapped in: readers never see a part.
      const part = `${key}.part`;
      const empty = { contentType, sizeBytes: 0, content: Buffer.alloc(0), createdAt: new Date() };
      await db
        .insert(storedFiles)
        .values({ key: part, ...empty })
        .onConflictDoUpdate({ target: storedFiles.key, set: empty });
      // One chunk buffer, filled and appended in turn: the file is never held, only this and the bytes in flight.
      const chunk = Buffer.allocUnsafe(WRITE_CHUNK);
      let filled = 0;
      let total = 0;
      const flush = async () => {
        if (filled === 0) return;
        await db
          .update(storedFiles)
          .set({
            content: sql`${storedFiles.content} || ${chunk.subarray(0, filled)}::bytea`,
            sizeBytes: sql`${storedFiles.sizeBytes} + ${filled}`,
          })
          .where(eq(storedFiles.key, part));
        filled = 0;
      };
      for await (const bytes of content) {
        const input = toBuffer(bytes);
        total += input.byteLength;
        for (let offset = 0; offset < input.byteLength;) {
          const taken = input.copy(chunk, filled, offset);
          filled += taken;
          offset += taken;
          if (filled === WRITE_CHUNK) await flush();
        }
      }
      await flush();
      await db.transaction(async (tx) => {
        await tx.delete(storedFiles).where(eq(storedFiles.key, key));
        await tx.update(storedFiles).set({ key }).where(eq(storedFiles.key, part));
      });
      return total;
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

/**
 * Appending rewrites the stored value (its cost grows with the file: S3 suits files of hundreds of megabytes), so
 * writes go in megabyte chunks; reads go in chunks a stream can pace.
 */
const WRITE_CHUNK = 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

/** A stored file's bytes, read a chunk at a time as the stream's reader asks for them. */
async function* chunksOf(db: Db, key: string, head: Buffer, size: number): AsyncGenerator<Buffer> {
  yield head;
  for (let offset = head.byteLength; offset < size; offset += READ_CHUNK) {
    const [row] = await db
      .select({ chunk: sql<Buffer>`substring(${storedFiles.content} from ${offset + 1} for ${READ_CHUNK})` })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    if (!row || row.chunk.byteLength === 0) return;
    yield row.chunk;
  }
}
