import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESUME_MESSAGES } from '@referwell/shared';
import { AppError } from '../../../lib/errors';
import { assertSafeDocx, detectResumeKind, readZipDirectory } from './detect';
import { tinyDocx, writeZip, zipBombDocx } from './fixtures/hostile';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('detectResumeKind (by content, never by name)', () => {
  it('recognises PDF, DOCX and DOC fixtures', () => {
    expect(detectResumeKind(fixture('r01-pdf-engineer.pdf'))).toBe('pdf');
    expect(detectResumeKind(fixture('r08-docx-backend.docx'))).toBe('docx');
    expect(detectResumeKind(fixture('r11-doc-integration.doc'))).toBe('doc');
  });

  it('rejects a PNG and a text file that are named .pdf', () => {
    expect(detectResumeKind(fixture('hostile-png-named.pdf'))).toBeNull();
    expect(detectResumeKind(fixture('hostile-text-named.pdf'))).toBeNull();
  });

  it('rejects a zip that is not a Word document, empty input and truncated zips', () => {
    expect(detectResumeKind(writeZip([{ name: 'hello.txt', data: Buffer.from('hi') }]))).toBeNull();
    expect(detectResumeKind(new Uint8Array())).toBeNull();
    expect(detectResumeKind(tinyDocx().subarray(0, 40))).toBeNull();
  });

  it('accepts a DOCX whatever its first entry is, by its central directory', () => {
    const docx = tinyDocx('Hello');
    expect(detectResumeKind(docx)).toBe('docx');
    expect(readZipDirectory(docx)?.entries.map((e) => e.name)).toContain('word/document.xml');
  });
});

describe('assertSafeDocx (zip-bomb guard before unzipping)', () => {
  it('lets a normal DOCX through', async () => {
    await expect(assertSafeDocx(tinyDocx())).resolves.toBeUndefined();
    await expect(assertSafeDocx(fixture('r09-docx-table-sidebar.docx'))).resolves.toBeUndefined();
  });

  it('refuses thousands of entries with 422 and an actionable message', async () => {
    const error = await refusal(assertSafeDocx(zipBombDocx('entries')));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(RESUME_MESSAGES.tooComplex);
  });

  it('refuses an entry that declares 64 MB unpacked from a few KB (ratio and total)', async () => {
    const bomb = zipBombDocx('size');
    expect(bomb.length).toBeLessThan(200_000);
    const error = await refusal(assertSafeDocx(bomb));
    expect(error.statusCode).toBe(422);
  });

  it('refuses an entry whose header lies about its size, while inflating, without unpacking it all', async () => {
    const error = await refusal(assertSafeDocx(zipBombDocx('lying')));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(RESUME_MESSAGES.tooComplex);
  });
});
