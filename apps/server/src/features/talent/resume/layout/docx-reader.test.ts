import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DecompressionLimitError, InflateBudget } from '../../../../lib/document-limits';
import { DOCX_INFLATE_LIMITS } from '../detect';
import { readDocx } from './docx-reader';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

describe('readDocx and its inflate budget', () => {
  it('charges every part it inflates to the budget it is given', async () => {
    const budget = new InflateBudget(DOCX_INFLATE_LIMITS);
    const { lines } = await readDocx(fixture('r08-docx-backend.docx'), budget);
    expect(lines.length).toBeGreaterThan(5);
    // document.xml alone is several KB once inflated.
    expect(budget.usedBytes).toBeGreaterThan(4096);
  });

  it('stops at a part past the per-stream limit', async () => {
    const budget = new InflateBudget({ perStreamBytes: 2048, perDocumentBytes: DOCX_INFLATE_LIMITS.perDocumentBytes });
    await expect(readDocx(fixture('r08-docx-backend.docx'), budget)).rejects.toBeInstanceOf(DecompressionLimitError);
  });

  it('stops when the parts together pass the per-document limit', async () => {
    const budget = new InflateBudget({ perStreamBytes: DOCX_INFLATE_LIMITS.perStreamBytes, perDocumentBytes: 4096 });
    await expect(readDocx(fixture('r08-docx-backend.docx'), budget)).rejects.toMatchObject({ limit: 'document' });
  });
});
