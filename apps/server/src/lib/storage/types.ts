import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A kept file, as read back: its bytes as a stream, with what a download needs to announce it. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where the product keeps uploaded files. Every provider behaves the same (one contract test runs
 * against each): `put` and `putStream` replace what the key held, `get` of a missing key is null, `delete` of a
 * missing key is not an error. Content is given as bytes: uploads are bounded (résumés ≤ 5 MB) and
 * already read whole to be checked and parsed before they are kept.
 */
export interface FileStorage {
  readonly provider: 'database' | 's3';
  put(key: string, content: Uint8Array, options: { contentType: string }): Promise<void>;
  /**
   * Keeps a file produced as a stream (an export of any size) holding a few megabytes at most; readers see the
   * whole file or the previous one, never a part. Resolves to its size in bytes.
   */
  putStream(key: string, content: AsyncIterable<Uint8Array>, options: { contentType: string }): Promise<number>;
  /**
   * Removes what `putStream` writes left behind when their process died mid-write (a write that fails removes its
   * own part at once), once older than `olderThanSeconds`: no live write takes that long. Resolves to how many.
   */
  sweepParts(olderThanSeconds: number): Promise<number>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Releases connections the provider holds (not the database's: the app closes that). */
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** Keys are made by the server; this refuses anything else before it reaches a provider. */
export function assertFileKey(key: string): void {
  if (key.length > 255 || !KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** A new key under `folder`, e.g. `resumes/3f0c….pdf`: random, so no user input ever names a file. */
export function newFileKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`;
  assertFileKey(key);
  return key;
}

/** The whole file in memory: for callers that need bytes rather than a stream (bounded files only). */
export async function readAll(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
