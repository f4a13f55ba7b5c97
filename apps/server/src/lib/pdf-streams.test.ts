import { readdirSync, readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encryptedPdfBomb, lzwEncode, pdfBomb, pdfWithContent, zlibSpaces } from '../test/bombs';
import { DecompressionLimitError, InflateBudget } from './document-limits';
import { checkPdfStreams } from './pdf-streams';

const MB = 1024 * 1024;
const budget = (perStreamMb = 32, perDocumentMb = 128) =>
  new InflateBudget({ perStreamBytes: perStreamMb * MB, perDocumentBytes: perDocumentMb * MB });
const refusal = (pdf: Buffer, b = budget()) =>
  checkPdfStreams(pdf, b).then(
    () => null,
    (error: unknown) => error,
  );

const fixtures = new URL('../features/talent/resume/fixtures/', import.meta.url);

describe('checkPdfStreams (a PDF decoded under a budget before pdf.js reads it)', () => {
  it('lets every resume PDF of the corpus through, decoding their streams', async () => {
    const pdfs = readdirSync(fixtures).filter((name) => /^[rh]\d.*\.pdf$/.test(name));
    expect(pdfs.length).toBeGreaterThan(8);
    for (const name of pdfs) {
      const b = budget();
      const report = await checkPdfStreams(readFileSync(new URL(name, fixtures)), b);
      expect(report.streams, name).toBeGreaterThan(0);
      expect(b.usedBytes, name).toBeGreaterThan(0);
    }
  });

  it('stops the 1.5 GB stream of issue 40 at the per-stream limit, having inflated only that much', async () => {
    const b = budget();
    const error = await refusal(await pdfBomb(1500), b);
    expect(error).toBeInstanceOf(DecompressionLimitError);
    expect(error).toMatchObject({ limit: 'stream' });
    expect(b.usedBytes).toBeLessThan(33 * MB);
  });

  it('counts streams together against the per-document limit', async () => {
    const sixMb = await zlibSpaces(6);
    const streams = [1, 2, 3].map(() => `<< /Filter /FlateDecode /Length ${sixMb.length} >>\nstream\n`);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      ...streams.flatMap((head, i) => [
        Buffer.from(`${i + 1} 0 obj\n${head}`),
        sixMb,
        Buffer.from('\nendstream\nendobj\n'),
      ]),
    ]);
    expect(await refusal(pdf, budget(8, 16))).toMatchObject({ limit: 'document' });
    expect(await refusal(pdf, budget(8, 32))).toBeNull();
  });

  it('follows filter chains (hex, LZW and run-length in front of Flate) and an indirect /Filter', async () => {
    const bomb = await zlibSpaces(64);
    const small = budget(16, 64);
    const hex = Buffer.from(`${bomb.toString('hex')}>`);
    expect(await refusal(pdfWithContent('/Filter [/ASCIIHexDecode /FlateDecode]', hex), small)).toMatchObject({
      limit: 'stream',
    });
    const lzw = lzwEncode(bomb);
    expect(await refusal(pdfWithContent('/Filter [/LZWDecode /FlateDecode]', lzw), budget(16, 64))).toMatchObject({
      limit: 'stream',
    });
    // Run-length: 2 bytes make 128; 300 KB make about 19 MB.
    const runs = Buffer.alloc(300 * 1024);
    for (let i = 0; i < runs.length; i += 2) runs[i] = 129;
    expect(await refusal(pdfWithContent('/Filter /RunLengthDecode', runs), budget(16, 64))).toMatchObject({
      limit: 'stream',
    });
    expect(await refusal(pdfWithContent('/Filter 9 0 R', bomb), budget(16, 64))).toMatchObject({ limit: 'stream' });
  });

  it('finds a stream whose /Length lies, by its endstream', async () => {
    const bomb = await zlibSpaces(64);
    const pdf = Buffer.from(
      pdfWithContent('/Filter /FlateDecode', bomb).toString('latin1').replace(`/Length ${bomb.length}`, '/Length 10'),
      'latin1',
    );
    expect(await refusal(pdf, budget(16, 64))).toMatchObject({ limit: 'stream' });
  });

  it('passes small real streams, and says when a file is encrypted (its streams are left to the memory limit)', async () => {
    const text = pdfWithContent('/Filter /FlateDecode', deflateSync('BT (Hello) Tj ET'));
    expect(await checkPdfStreams(text, budget())).toMatchObject({ streams: 1, encrypted: false });
    expect(await checkPdfStreams(await encryptedPdfBomb(64), budget(16, 64))).toMatchObject({ encrypted: true });
  });
});
