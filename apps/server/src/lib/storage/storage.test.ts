import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { eq, sql } from 'drizzle-orm';
import { storedFileChunks, storedFiles } from '../../db/schema';
import { openTestDatabase } from '../../test/harness';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { databaseStorage } from './database';
import { moveDatabaseFilesTo } from './move-to-s3';
import { s3Storage } from './s3';
import { newFileKey, readAll, type FileStorage } from './types';

const PDF = 'application/pdf';
const HOUR_MS = 3600_000;

/** An export that dies after writing a megabyte and a half. */
async function* failingStream() {
  yield randomBytes(1024 * 1024);
  yield randomBytes(512 * 1024);
  throw new Error('export died');
}

/** What every provider must do; run once per provider below. */
function storageContract(storage: () => FileStorage) {
  it('gives back what was put: bytes, content type and size, as a stream', async () => {
    const key = newFileKey('contract', 'pdf');
    const bytes = new Uint8Array([...Array(256).keys(), ...Buffer.from('%PDF-1.7 end')]);
    await storage().put(key, bytes, { contentType: PDF });
    const file = await storage().get(key);
    expect(file).not.toBeNull();
    expect(file!.body).toBeInstanceOf(Readable);
    expect(file!.contentType).toBe(PDF);
    expect(file!.size).toBe(bytes.byteLength);
    expect((await readAll(file!)).equals(Buffer.from(bytes))).toBe(true);
    expect(await storage().exists(key)).toBe(true);
  });

  it('keeps a 5 MB file intact', async () => {
    const key = newFileKey('contract', 'docx');
    const bytes = randomBytes(5 * 1024 * 1024);
    await storage().put(key, bytes, { contentType: 'application/octet-stream' });
    const file = await storage().get(key);
    expect(file!.size).toBe(bytes.byteLength);
    expect((await readAll(file!)).equals(bytes)).toBe(true);
  });

  it('keeps a file written as a stream, replacing what the key held, and reads it back in chunks', async () => {
    const key = newFileKey('contract', 'csv');
    await storage().put(key, Buffer.from('old'), { contentType: PDF });
    const parts = Array.from({ length: 12 }, (_, i) => randomBytes(700 * 1024 + i));
    async function* chunks() {
      yield* parts;
    }
    const size = await storage().putStream(key, chunks(), { contentType: 'text/csv; charset=utf-8' });
    const whole = Buffer.concat(parts);
    expect(size).toBe(whole.byteLength);
    const file = await storage().get(key);
    expect(file!.contentType).toBe('text/csv; charset=utf-8');
    expect(file!.size).toBe(whole.byteLength);
    expect((await readAll(file!)).equals(whole)).toBe(true);
    expect(await storage().exists(`${key}.part`)).toBe(false);
  });

  it('keeps what the key held when a stream fails midway', async () => {
    const key = newFileKey('contract', 'csv');
    await storage().put(key, Buffer.from('old'), { contentType: PDF });
    await expect(storage().putStream(key, failingStream(), { contentType: 'text/csv' })).rejects.toThrow('export died');
    expect((await readAll((await storage().get(key))!)).toString()).toBe('old');
    expect(await storage().exists(`${key}.part`)).toBe(false);
  });

  it('answers null and false for a key that holds nothing', async () => {
    const key = newFileKey('contract', 'pdf');
    expect(await storage().get(key)).toBeNull();
    expect(await storage().exists(key)).toBe(false);
  });

  it('replaces the content and type when a key is put again', async () => {
    const key = newFileKey('contract', 'doc');
    await storage().put(key, Buffer.from('first version, longer'), { contentType: PDF });
    await storage().put(key, Buffer.from('second'), { contentType: 'application/msword' });
    const file = await storage().get(key);
    expect(file!.contentType).toBe('application/msword');
    expect(file!.size).toBe(6);
    expect((await readAll(file!)).toString()).toBe('second');
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    const key = newFileKey('contract', 'pdf');
    const other = newFileKey('contract', 'pdf');
    await storage().put(key, Buffer.from('gone soon'), { contentType: PDF });
    await storage().put(other, Buffer.from('stays'), { contentType: PDF });
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().get(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
    expect(await storage().exists(other)).toBe(true);
  });

  it('keeps files put at the same time apart', async () => {
    const keys = Array.from({ length: 8 }, () => newFileKey('contract', 'pdf'));
    await Promise.all(keys.map((key, i) => storage().put(key, Buffer.from(`file ${i}`), { contentType: PDF })));
    const contents = await Promise.all(
      keys.map(async (key) => (await readAll((await storage().get(key))!)).toString()),
    );
    expect(contents).toEqual(keys.map((_, i) => `file ${i}`));
  });

  it('refuses keys the server would never make, before touching the store', async () => {
    for (const key of ['', '../etc/passwd', '/absolute', 'a//b', 'resumes/../x.pdf', 'a b', 'x'.repeat(300)]) {
      await expect(storage().put(key, Buffer.from('x'), { contentType: PDF })).rejects.toThrow('Invalid storage key');
      await expect(storage().get(key)).rejects.toThrow('Invalid storage key');
      await expect(storage().exists(key)).rejects.toThrow('Invalid storage key');
      await expect(storage().delete(key)).rejects.toThrow('Invalid storage key');
    }
  });
}

describe('database storage', () => {
  let database: Database;
  let storage: FileStorage;

  beforeAll(async () => {
    database = await openTestDatabase();
    storage = databaseStorage(database.db);
  });
  afterAll(async () => {
    await storage.close();
    await database.close();
  });

  storageContract(() => storage);

  it('keeps each file as one row of stored_files', async () => {
    const key = newFileKey('rows', 'pdf');
    await storage.put(key, Buffer.from('%PDF-1.4 row'), { contentType: PDF });
    const rows = await database.db.select().from(storedFiles);
    const row = rows.find((r) => r.key === key);
    expect(row).toMatchObject({ key, contentType: PDF, sizeBytes: 12 });
    expect(row!.content.toString()).toBe('%PDF-1.4 row');
  });

  describe('a streamed file', () => {
    const chunkRows = (key: string) =>
      database.db
        .select({ seq: storedFileChunks.seq, size: sql<number>`octet_length(${storedFileChunks.content})` })
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileKey, key))
        .orderBy(storedFileChunks.seq);

    it('keeps it as megabyte chunks, one row each, so appending never rewrites what was written', async () => {
      const key = newFileKey('streamed', 'csv');
      const whole = randomBytes(3.5 * 1024 * 1024);
      async function* parts() {
        for (let at = 0; at < whole.byteLength; at += 300_000) yield whole.subarray(at, at + 300_000);
      }
      expect(await storage.putStream(key, parts(), { contentType: 'text/csv' })).toBe(whole.byteLength);
      const mb = 1024 * 1024;
      expect(await chunkRows(key)).toEqual([
        { seq: 0, size: mb },
        { seq: 1, size: mb },
        { seq: 2, size: mb },
        { seq: 3, size: mb / 2 },
      ]);
      const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.key, key));
      expect(row).toMatchObject({ sizeBytes: whole.byteLength, contentType: 'text/csv' });
      expect(row!.content.byteLength).toBe(0);
      expect((await readAll((await storage.get(key))!)).equals(whole)).toBe(true);
      expect(await chunkRows(`${key}.part`)).toEqual([]);
    });

    it('removes its part and chunks at once when the stream fails', async () => {
      const key = newFileKey('streamed', 'csv');
      await expect(storage.putStream(key, failingStream(), { contentType: 'text/csv' })).rejects.toThrow();
      expect(
        await database.db
          .select()
          .from(storedFiles)
          .where(eq(storedFiles.key, `${key}.part`)),
      ).toEqual([]);
      expect(await chunkRows(`${key}.part`)).toEqual([]);
    });

    it('sweeps parts a dead process left, once older than the given age, and nothing else', async () => {
      const [stale, fresh, oldFile] = [1, 2, 3].map(() => newFileKey('swept', 'csv'));
      const old = new Date(Date.now() - 2 * HOUR_MS);
      const row = { contentType: 'text/csv', sizeBytes: 0, content: Buffer.alloc(0) };
      await database.db.insert(storedFiles).values([
        { key: `${stale}.part`, ...row, createdAt: old },
        { key: `${fresh}.part`, ...row },
        { key: oldFile!, ...row, createdAt: old },
      ]);
      await database.db.insert(storedFileChunks).values([
        { fileKey: `${stale}.part`, seq: 0, content: Buffer.from('left behind') },
        { fileKey: `${fresh}.part`, seq: 0, content: Buffer.from('being written') },
      ]);
      expect(await storage.sweepParts(3600)).toBe(1);
      expect(await chunkRows(`${stale}.part`)).toEqual([]);
      expect(await storage.exists(`${stale}.part`)).toBe(false);
      expect(await chunkRows(`${fresh}.part`)).toHaveLength(1);
      expect(await storage.exists(oldFile!)).toBe(true);
    });

    it('drops the chunks when the file is streamed again, put whole or deleted', async () => {
      const key = newFileKey('streamed', 'csv');
      const stream = async function* (text: string) {
        yield Buffer.from(text);
      };
      await storage.putStream(key, stream('first'), { contentType: 'text/csv' });
      await storage.putStream(key, stream('second'), { contentType: 'text/csv' });
      expect(await chunkRows(key)).toEqual([{ seq: 0, size: 6 }]);
      expect((await readAll((await storage.get(key))!)).toString()).toBe('second');
      await storage.put(key, Buffer.from('whole'), { contentType: 'text/plain' });
      expect(await chunkRows(key)).toEqual([]);
      expect((await readAll((await storage.get(key))!)).toString()).toBe('whole');
      await storage.putStream(key, stream('third'), { contentType: 'text/csv' });
      await storage.delete(key);
      expect(await chunkRows(key)).toEqual([]);
      expect(await storage.get(key)).toBeNull();
    });
  });
});

describe('S3 storage, against a real S3-protocol server', () => {
  let server: TestS3Server;
  let storage: FileStorage;

  let spoolDir: string;

  beforeAll(async () => {
    server = await startS3Server();
    spoolDir = mkdtempSync(path.join(tmpdir(), 'referwell-spool-test-'));
    storage = await s3Storage({ ...server.options, spoolDir });
  });
  afterAll(async () => {
    await storage.close();
    await server.close();
    rmSync(spoolDir, { recursive: true, force: true });
  });

  storageContract(() => storage);

  it('takes over the files kept in the database when a server switches to S3', async () => {
    const database = await openTestDatabase();
    const before = databaseStorage(database.db);
    const keys = [newFileKey('switch', 'pdf'), newFileKey('switch', 'docx')];
    await before.put(keys[0]!, Buffer.from('%PDF first'), { contentType: PDF });
    await before.put(keys[1]!, Buffer.from('PK second'), { contentType: 'application/octet-stream' });
    const log = pino({ enabled: false });

    expect(await moveDatabaseFilesTo(storage, database.db, log)).toBe(2);
    const first = await storage.get(keys[0]!);
    expect(first!.contentType).toBe(PDF);
    expect((await readAll(first!)).toString()).toBe('%PDF first');
    expect((await readAll((await storage.get(keys[1]!))!)).toString()).toBe('PK second');
    expect(await database.db.select().from(storedFiles)).toEqual([]);
    expect(await moveDatabaseFilesTo(storage, database.db, log)).toBe(0);
    expect(await moveDatabaseFilesTo(before, database.db, log)).toBe(0);
    await database.close();
  });

  it('removes its spool file at once when the stream fails', async () => {
    await expect(
      storage.putStream(newFileKey('spool', 'csv'), failingStream(), { contentType: 'text/csv' }),
    ).rejects.toThrow();
    expect(readdirSync(spoolDir)).toEqual([]);
  });

  it('sweeps spool files a dead process left, once older than the given age, and nothing else', async () => {
    const made = (name: string, ageMs: number) => {
      const dir = path.join(spoolDir, name);
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'body'), 'spooled');
      const at = new Date(Date.now() - ageMs);
      utimesSync(path.join(dir, 'body'), at, at);
    };
    made('referwell-upload-stale', 2 * HOUR_MS);
    made('referwell-upload-fresh', 0);
    made('someone-else', 2 * HOUR_MS);
    expect(await storage.sweepParts(3600)).toBe(1);
    expect(readdirSync(spoolDir).sort()).toEqual(['referwell-upload-fresh', 'someone-else']);
  });

  it('fails loudly when the bucket does not exist', async () => {
    const wrongBucket = await s3Storage({ ...server.options, bucket: 'no-such-bucket' });
    const key = newFileKey('contract', 'pdf');
    await expect(wrongBucket.put(key, Buffer.from('x'), { contentType: PDF })).rejects.toThrow();
    await expect(wrongBucket.get(key)).rejects.toThrow();
    await wrongBucket.close();
  });
});
