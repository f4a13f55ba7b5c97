import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { Transform } from 'node:stream';

/**
 * Bounds on the work an untrusted document may cause once unpacked (issue 40: a 1.5 MB PDF whose one stream
 * inflates to 1.5 GB). Every reader that decompresses counts what comes out against an InflateBudget; the parse
 * itself runs in a process whose memory the OS bounds (lib/worker-task.ts), for what no count can see.
 */
export interface InflateLimits {
  /** Decompressed bytes one stream (a PDF stream, a zip entry, a response body) may produce. */
  perStreamBytes: number;
  /** Decompressed bytes all the streams of one document may produce together. */
  perDocumentBytes: number;
}

export class DecompressionLimitError extends Error {
  constructor(
    readonly limit: 'stream' | 'document',
    readonly limitBytes: number,
  ) {
    super(`more than ${limitBytes} bytes once decompressed (${limit} limit)`);
    this.name = 'DecompressionLimitError';
  }
}

/** True for the errors a process gives when memory runs out (an OS limit refusing an allocation, V8's heap limit). */
export function isOutOfMemory(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /allocation failed|out of memory|bad_alloc|heap limit/i.test(message);
}

export type CompressedFormat = 'zlib' | 'deflate-raw' | 'gzip' | 'brotli';

const decompressors: Record<CompressedFormat, (options: object) => Transform> = {
  zlib: createInflate,
  'deflate-raw': createInflateRaw,
  gzip: createGunzip,
  brotli: createBrotliDecompress,
};

/** Output chunks of 64 KB: a stream is stopped within 64 KB of its limit, and nothing larger is ever held. */
const CHUNK_BYTES = 64 * 1024;

const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

/** Counts what one document's streams decompress to, and stops the one that passes a limit. */
export class InflateBudget {
  private used = 0;

  constructor(readonly limits: InflateLimits) {}

  get usedBytes(): number {
    return this.used;
  }

  /** Charges `bytes` more output of a stream that has produced `streamBytes` in all (these included). */
  charge(streamBytes: number, bytes: number): void {
    const before = this.used;
    this.used += bytes;
    // Counted output is discarded at once, but its buffers live outside V8's heap, which collects them only when tens
    // of MB have piled up. A parsing process (started with --expose-gc) collects every 8 MB instead, so a bomb refused
    // at its limit never holds more than that (issue 40: the server and its parsers under 400 MB).
    if (Math.floor(this.used / COLLECT_EVERY_BYTES) > Math.floor(before / COLLECT_EVERY_BYTES))
      (globalThis as { gc?: () => void }).gc?.();
    if (streamBytes > this.limits.perStreamBytes)
      throw new DecompressionLimitError('stream', this.limits.perStreamBytes);
    if (this.used > this.limits.perDocumentBytes)
      throw new DecompressionLimitError('document', this.limits.perDocumentBytes);
  }

  /**
   * Decompresses `data`, charging every output chunk as it comes and stopping at the first limit passed (rejects
   * with DecompressionLimitError). Damaged or truncated data gives what came out before the damage, as tolerant
   * readers (pdf.js) do. `keep`: return the output; otherwise it is only counted and never held.
   */
  inflate(data: Uint8Array, format: CompressedFormat, { keep = false } = {}): Promise<Buffer | null> {
    const decompress = decompressors[format]({
      chunkSize: CHUNK_BYTES,
      ...(format === 'brotli' ? {} : { finishFlush: constants.Z_SYNC_FLUSH }),
    });
    const kept: Buffer[] = [];
    let produced = 0;
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        resolve(keep ? Buffer.concat(kept) : null);
      };
      decompress.on('data', (chunk: Buffer) => {
        if (settled) return;
        produced += chunk.length;
        try {
          this.charge(produced, chunk.length);
        } catch (error) {
          settled = true;
          decompress.destroy();
          return reject(error);
        }
        if (keep) kept.push(chunk);
      });
      decompress.on('end', finish);
      decompress.on('error', finish); // damaged: keep what came before
      decompress.end(data);
    });
  }
}
