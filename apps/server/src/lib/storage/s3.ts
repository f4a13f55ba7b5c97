import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3StorageOptions } from '../../config';
import { assertFileKey, type FileStorage } from './types';

export type { S3StorageOptions };

/** Spool directories are named so; a sweep removes those a dead process left. */
const SPOOL_PREFIX = 'referwell-upload-';

/**
 * Files in an S3-compatible bucket (chosen when S3_* is configured). The SDK is loaded only here:
 * servers keeping files in the database do not pay its start-up time and memory.
 */
export async function s3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC32 checksums are not implemented by every S3-compatible server; send and
    // check them only where the API requires them. Bodies are still signed (SigV4 payload hash).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const spoolDir = options.spoolDir ?? tmpdir();

  return {
    provider: 's3',

    async put(key, content, { contentType }) {
      assertFileKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: content,
          ContentType: contentType,
          ContentLength: content.byteLength,
        }),
      );
    },

    async putStream(key, content, { contentType }) {
      assertFileKey(key);
      // A single PUT needs the length up front: the stream is spooled to a temporary file, then sent from it.
      const dir = await mkdtemp(join(spoolDir, SPOOL_PREFIX));
      const path = join(dir, 'body');
      try {
        await pipeline(Readable.from(content), createWriteStream(path));
        const { size } = await stat(path);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(path),
            ContentType: contentType,
            ContentLength: size,
          }),
        );
        return size;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    // A single PUT leaves nothing half-written in the bucket (no multipart uploads to abort): only spool files.
    async sweepParts(olderThanSeconds) {
      return sweepSpool(spoolDir, Date.now() - olderThanSeconds * 1000);
    },

    async get(key) {
      assertFileKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },

    async delete(key) {
      assertFileKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertFileKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        // HEAD answers have no body, so a missing key is only a 404 (a missing bucket fails on put and get).
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },

    async close() {
      client.destroy();
    },
  };
}

/** Removes spool directories whose file was last written before `cutoffMs`; resolves to how many. */
async function sweepSpool(spoolDir: string, cutoffMs: number): Promise<number> {
  const names = (await readdir(spoolDir).catch(() => [] as string[])).filter((name) => name.startsWith(SPOOL_PREFIX));
  let removed = 0;
  for (const name of names) {
    const dir = join(spoolDir, name);
    // The body's time moves while it is written; an empty directory's is when it was made.
    const written = await stat(join(dir, 'body')).catch(() => stat(dir).catch(() => null));
    if (!written || written.mtimeMs >= cutoffMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
