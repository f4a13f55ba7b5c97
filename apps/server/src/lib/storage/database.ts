import { Readable } from 'node:stream';
import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storedFileChunks, storedFiles } from '../../db/schema';
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
      await db.transaction(async (tx) => {
        await tx
          .insert(storedFiles)
          .values({ key, ...row })
          .onConflictDoUpdate({ target: storedFiles.key, set: row });
        // What a streamed file under this key had written is not part of the new one.
        await tx.delete(storedFileChunks).where(eq(storedFileChunks.fileKey, key));
      });
    },

    async get(key) {
      assertFileKey(key);
      // The first chunk comes with the metadata, so a résumé is one read; a large export streams the rest.
      const [row] = await db
        .select({
          head: sql<Buffer>`substring(${storedFiles.content} from 1 for ${READ_CHUNK})`,
          inRow: sql<number>`octet_length(${storedFiles.content})`,
          chunks: sql<number>`(select count(*)::int from ${storedFileChunks} c where c.file_key = ${storedFiles.key})`,
          contentType: storedFiles.contentType,
          size: storedFiles.sizeBytes,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!row) return null;
      return {
        body: Readable.from(chunksOf(db, key, row), { objectMode: false }),
        contentType: row.contentType,
        size: row.size,
      };
    },

    async putStream(key, content, { contentType }) {
      assertFileKey(key);
      // Written as chunks under a side key, then swapped in: readers never see a part.
      const part = `${key}.part`;
      await db.delete(storedFiles).where(eq(storedFiles.key, part));
      await db.insert(storedFiles).values({ key: part, contentType, sizeBytes: 0, content: Buffer.alloc(0) });
      try {
        const total = await writeChunks(db, part, content);
        await db.transaction(async (tx) => {
          await tx.delete(storedFiles).where(eq(storedFiles.key, key));
          // The chunks follow their file's key (ON UPDATE CASCADE); their bytes are not rewritten.
          await tx
            .update(storedFiles)
            .set({ key, sizeBytes: total, createdAt: new Date() })
            .where(eq(storedFiles.key, part));
        });
        return total;
      } catch (error) {
        // Its chunks go with it (ON DELETE CASCADE). A process that dies here leaves it to sweepParts.
        await db
          .delete(storedFiles)
          .where(eq(storedFiles.key, part))
          .catch(() => {});
        throw error;
      }
    },

    async sweepParts(olderThanSeconds) {
      const removed = await db
        .delete(storedFiles)
        .where(
          and(
            like(storedFiles.key, '%.part'),
            lt(storedFiles.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .returning({ key: storedFiles.key });
      return removed.length;
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
 * Appends `content` to the file row `part` as numbered chunks; resolves to the bytes written. One chunk buffer,
 * filled and inserted in turn: the file is never held, only this and the bytes in flight.
 */
async function writeChunks(db: Db, part: string, content: AsyncIterable<Uint8Array>): Promise<number> {
  const chunk = Buffer.allocUnsafe(WRITE_CHUNK);
  let filled = 0;
  let total = 0;
  let seq = 0;
  const flush = async () => {
    if (filled === 0) return;
    await db.insert(storedFileChunks).values({ fileKey: part, seq: seq++, content: chunk.subarray(0, filled) });
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
  return total;
}

/** Writes and reads go in chunks a stream can pace. */
const WRITE_CHUNK = 1024 * 1024;
const READ_CHUNK = 1024 * 1024;

/**
 * A stored file's bytes, read a chunk at a time as the stream's reader asks for them: the row's own content (a file
 * put whole), then its numbered chunks (a file written as a stream).
 */
async function* chunksOf(
  db: Db,
  key: string,
  { head, inRow, chunks }: { head: Buffer; inRow: number; chunks: number },
): AsyncGenerator<Buffer> {
  if (head.byteLength > 0) yield head;
  for (let offset = head.byteLength; offset < inRow; offset += READ_CHUNK) {
    const [row] = await db
      .select({ chunk: sql<Buffer>`substring(${storedFiles.content} from ${offset + 1} for ${READ_CHUNK})` })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    if (!row || row.chunk.byteLength === 0) return;
    yield row.chunk;
  }
  for (let seq = 0; seq < chunks; seq++) {
    const [row] = await db
      .select({ chunk: storedFileChunks.content })
      .from(storedFileChunks)
      .where(and(eq(storedFileChunks.fileKey, key), eq(storedFileChunks.seq, seq)));
    if (!row) return;
    yield row.chunk;
  }
}
