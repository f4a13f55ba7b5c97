import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptJson } from './kept-json';

// An answer with a character past Latin-1 (an em dash in an excerpt), long enough to be compressed.
const answer = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, excerpt: `Care teams — remote ${i}` })) };
const json = JSON.stringify(answer);

describe('KeptJson', () => {
  it('keeps the JSON as UTF-8 and gives it back as it was', () => {
    const kept = new KeptJson(json);
    expect(kept.body.toString('utf8')).toBe(json);
    expect(kept.body.length).toBe(Buffer.byteLength(json));
    expect(kept.parse()).toEqual(answer);
  });

  it('sends brotli or gzip as the request accepts, made once, and the JSON itself otherwise', () => {
    const kept = new KeptJson(json);
    const br = kept.encoded('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);
    expect(kept.encoded('br').body).toBe(br.body);
    const gzip = kept.encoded('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);
    expect(kept.encoded(undefined)).toEqual({ body: kept.body });
    // Below the compress plugin's threshold an answer goes out as it is.
    expect(new KeptJson('{"items":[]}').encoded('br')).toEqual({ body: Buffer.from('{"items":[]}') });
  });

  it('weighs its bytes (not its characters) with room for its compressed forms', () => {
    const kept = new KeptJson(json);
    expect(kept.bytes).toBeGreaterThan(Buffer.byteLength(json) * 1.3);
    kept.encoded('br');
    kept.encoded('gzip');
    const held = kept.body.length + kept.encoded('br').body.length + kept.encoded('gzip').body.length;
    expect(kept.bytes).toBeGreaterThanOrEqual(held);
  });
});
