import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCompressor, type Page } from './page-compressor';

const page = (text: string): Page => ({ html: `<html><body>${text.repeat(200)}</body></html>` });

describe('PageCompressor', () => {
  it('compresses a page only once it is asked for, and only once', async () => {
    const errors: unknown[] = [];
    const compressor = new PageCompressor((err) => errors.push(err));
    const asked = page('asked ');
    const never = page('never ');
    compressor.request(asked);
    compressor.request(asked);
    await compressor.settled();
    const first = asked.br;
    compressor.request(asked);
    await compressor.settled();
    expect(asked.br).toBe(first);
    expect(brotliDecompressSync(asked.br!).toString()).toBe(asked.html);
    expect(gunzipSync(asked.gzip!).toString()).toBe(asked.html);
    expect(never.br).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
