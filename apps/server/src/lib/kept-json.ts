import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes out as it is (as the compress plugin's threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer kept in memory for many requests (job search, search.ts; conversation lists), compressed at most once
 * per encoding instead of on every response: brotli at the plugin's quality 4 or gzip, whichever the client accepts
 * (the way the prerendered pages are sent, spa.ts). A payload that carries its content-encoding is left alone by the
 * plugin. The JSON is kept as UTF-8 bytes outside the JavaScript heap (ownBytes): as a string, one character past
 * Latin-1 (a dash or a curly quote in a job's excerpt) made V8 hold the whole answer at two bytes a character.
 */
export class KeptJson {
  /** The JSON text as UTF-8. */
  readonly body: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(json: string) {
    this.body = ownBytes(json);
  }

  /**
   * What it keeps, in bytes, for a cache's budget: the JSON, its compressed forms once sent (together about a third
   * of it) and the object.
   */
  get bytes(): number {
    return Math.ceil(this.body.length * 1.35) + 256;
  }

  /** The answer read back (a page rendered on the server from the same kept answer). */
  parse(): unknown {
    return JSON.parse(this.body.toString('utf8'));
  }

  /** The body for a request's accept-encoding, and its content-encoding (none: the JSON itself). */
  encoded(acceptEncoding: string | string[] | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    const accepted = String(acceptEncoding ?? '');
    if (this.body.length < COMPRESS_FROM_BYTES) return { body: this.body };
    if (/\bbr\b/.test(accepted)) {
      this.br ??= brotliCompressSync(this.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
      return { body: this.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(accepted)) {
      this.gzip ??= gzipSync(this.body);
      return { body: this.gzip, encoding: 'gzip' };
    }
    return { body: this.body };
  }
}

/**
 * Sends a kept answer in the encoding the request accepts. A buffer with a JSON content type, or a payload with its
 * content-encoding, goes out as it is (the route's response schema only knows the object form).
 */
export function sendKeptJson(request: FastifyRequest, reply: FastifyReply, answer: KeptJson): FastifyReply {
  const { body, encoding } = answer.encoded(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * Text kept in memory for many requests as UTF-8 bytes in a buffer of its own: outside the JavaScript heap (the
 * garbage collector neither copies nor marks it) and never a slice of Node's shared 8 KB pool, which a small kept
 * slice would hold alive whole.
 */
export function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * Sends an answer already written as JSON for this request (talent search splices kept parts with the viewer's own):
 * it is not serialised again, and the compress plugin compresses it like any other answer.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
