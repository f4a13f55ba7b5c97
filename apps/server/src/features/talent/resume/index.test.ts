import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { RESUME_LIMITS, RESUME_MESSAGES } from '@referwell/shared';
import { closeWorkers } from '../../../lib/worker-task';
import { encryptedPdfBomb } from '../../../test/bombs';
import { scriptPdf, zipBombDocx } from './fixtures/hostile';
import { parseResume } from './index';
import { parseResumeInWorker } from './parse-in-worker';

afterAll(closeWorkers);

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

describe('parseResume refusals', () => {
  it('refuses a PNG or a text file named .pdf with 415', async () => {
    for (const name of ['hostile-png-named.pdf', 'hostile-text-named.pdf']) {
      await expect(parseResume(fixture(name))).rejects.toMatchObject({
        statusCode: 415,
        code: 'RESUME_UNSUPPORTED_TYPE',
        message: RESUME_MESSAGES.unsupportedType,
      });
    }
  });

  it('refuses an empty file (400) and one over the size limit (413)', async () => {
    await expect(parseResume(new Uint8Array())).rejects.toMatchObject({
      statusCode: 400,
      message: RESUME_MESSAGES.empty,
    });
    const big = new Uint8Array(RESUME_LIMITS.maxBytes + 1);
    big.set(new TextEncoder().encode('%PDF-1.7'));
    await expect(parseResume(big)).rejects.toMatchObject({ statusCode: 413, message: RESUME_MESSAGES.tooLarge });
  });

  it('refuses a DOCX zip bomb with 422 before unzipping it', async () => {
    await expect(parseResume(zipBombDocx('size'))).rejects.toMatchObject({
      statusCode: 422,
      code: 'RESUME_TOO_COMPLEX',
    });
  });

  it('parses the text of a PDF with /OpenAction JavaScript without running the script', async () => {
    const result = await parseResume(scriptPdf());
    expect(result.fields).toMatchObject({ name: 'Jane Doe', email: 'jane.doe@example.com' });
    expect((globalThis as { __resumePdfScriptRan?: boolean }).__resumePdfScriptRan).toBeUndefined();
  });
});

describe('parseResumeInWorker (parsing process task resumeParse)', () => {
  it('parses a resume in a parsing process', async () => {
    const result = await parseResumeInWorker(fixture('r01-pdf-engineer.pdf'));
    expect(result.kind).toBe('pdf');
    expect(result.fields.name).toBe('Jane Doe');
    expect(result.fields.email).toBe('jane.doe@example.com');
  });

  it('passes refusals from the worker back as the same AppError', async () => {
    await expect(parseResumeInWorker(zipBombDocx('entries'))).rejects.toMatchObject({
      statusCode: 422,
      message: RESUME_MESSAGES.tooComplex,
    });
    await expect(parseResumeInWorker(fixture('hostile-png-named.pdf'))).rejects.toMatchObject({ statusCode: 415 });
  });

  it('stops a bomb no stream check can see (an encrypted PDF) at the process memory limit: 422, then serves on', async () => {
    await expect(parseResumeInWorker(await encryptedPdfBomb())).rejects.toMatchObject({
      statusCode: 422,
      code: 'RESUME_TOO_COMPLEX',
      message: RESUME_MESSAGES.tooComplex,
    });
    expect((await parseResumeInWorker(fixture('r01-pdf-engineer.pdf'))).fields.name).toBe('Jane Doe');
  });

  it('answers with the timeout error when parsing takes longer than allowed', async () => {
    await expect(
      parseResumeInWorker(fixture('r02-pdf-nurse-informaticist.pdf'), { timeoutMs: 1 }),
    ).rejects.toMatchObject({
      statusCode: 422,
      code: 'RESUME_PARSE_TIMEOUT',
      message: RESUME_MESSAGES.timeout,
    });
  });
});
