// The text of a resume file as lines in reading order, each with where it sits (layout/types.ts): PDF via unpdf
// (pdf.js, script evaluation off, no network) with the reading order rebuilt from the text items' positions
// (layout/pdf-reading-order.ts); DOCX from its WordprocessingML, tables, text boxes, headers and footers included
// (layout/docx-reader.ts); DOC via word-extractor (text only, with its headers, footers and text boxes).
// Every decompression is counted against an InflateBudget (lib/document-limits.ts) before or while it happens.
import type { getDocumentProxy } from 'unpdf';
import { RESUME_MESSAGES, type ResumeKind } from '@referwell/shared';
import {
  DecompressionLimitError,
  InflateBudget,
  isOutOfMemory,
  type InflateLimits,
} from '../../../lib/document-limits';
import { AppError } from '../../../lib/errors';
import { checkPdfStreams } from '../../../lib/pdf-streams';
import { DOCX_INFLATE_LIMITS, assertSafeDocx, tooComplex } from './detect';
import { readPdfPages, type PdfPage } from './layout/pdf-reading-order';
import { layoutText, linesFromText, type DocLine, type ResumeLayout } from './layout/types';

/**
 * What a PDF's streams may decompress to, counted before pdf.js reads it (lib/pdf-streams.ts): a page's content
 * stream of a long resume is well under 1 MB; a full-page lossless scan about 26 MB.
 */
export const PDF_INFLATE_LIMITS: InflateLimits = {
  perStreamBytes: 32 * 1024 * 1024,
  perDocumentBytes: 128 * 1024 * 1024,
};

/** A reader's failure as the answer: over a limit or out of memory is 422 'too complex', anything else 'damaged'. */
function readingFailed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof DecompressionLimitError || isOutOfMemory(error)) return tooComplex();
  return new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
}

export interface ExtractedText extends ResumeLayout {
  /** The lines as plain text, a blank line between blocks. */
  text: string;
  /** Pages in the document (1 for DOCX/DOC: they carry no reliable page count without layout). */
  pages: number;
}

/** Pages read from a PDF; a resume longer than this is cut (bounded work on hostile files). */
export const MAX_PDF_PAGES = 20;

async function pdfText(bytes: Uint8Array): Promise<ExtractedText> {
  await checkPdfStreams(bytes, new InflateBudget(PDF_INFLATE_LIMITS)).catch((error: unknown) => {
    throw readingFailed(error);
  });
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // Loaded once a file has passed the checks: a refused bomb never costs the process pdf.js's memory.
    const { getDocumentProxy } = await import('unpdf');
    // A copy: pdf.js may transfer (detach) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      disableAutoFetch: true,
      disableStream: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (error) {
    // Damaged, encrypted with a password, or not really a PDF after the magic bytes.
    throw readingFailed(error);
  }
  try {
    const pages: PdfPage[] = [];
    const links = new Set<string>();
    const count = Math.min(pdf.numPages, MAX_PDF_PAGES);
    for (let n = 1; n <= count; n++) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items: PdfPage['items'] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
        items.push({ str: item.str, x, y, width: item.width, size: Math.hypot(a, b) || item.height || 10 });
      }
      pages.push({ width, height, items });
      for (const annotation of await page.getAnnotations()) {
        const url = (annotation as { url?: unknown }).url;
        if (typeof url === 'string' && /^https?:\/\//i.test(url)) links.add(url);
      }
      page.cleanup();
    }
    const lines = readPdfPages(pages);
    return { text: layoutText(lines), lines, pages: pdf.numPages, links: [...links] };
  } catch (error) {
    throw readingFailed(error);
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<ExtractedText> {
  await assertSafeDocx(bytes);
  try {
    // Loaded once the zip has passed the guard; what the reader inflates is counted again, against a budget of its own.
    const { readDocx } = await import('./layout/docx-reader');
    const { lines, links } = await readDocx(bytes, new InflateBudget(DOCX_INFLATE_LIMITS));
    return { text: layoutText(lines), lines, pages: 1, links };
  } catch (error) {
    throw readingFailed(error);
  }
}

async function docText(bytes: Uint8Array): Promise<ExtractedText> {
  try {
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const part = (text: string, zone: DocLine['zone'], from: number) =>
      linesFromText(text).map((l) => ({ ...l, zone, block: l.block + from }));
    const lines: DocLine[] = [];
    const add = (text: string, zone: DocLine['zone']) => {
      const from = lines.length ? lines[lines.length - 1]!.block + 1 : 0;
      lines.push(...part(text, zone, from));
    };
    add(doc.getHeaders({ includeFooters: false }), 'header');
    add(doc.getBody(), 'body');
    add(doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }), 'box');
    add(doc.getFooters(), 'footer');
    return { text: layoutText(lines), lines, pages: 1, links: [] };
  } catch (error) {
    throw readingFailed(error);
  }
}

/** Text of a resume whose kind was detected by content (see detectResumeKind). */
export function extractResumeText(kind: ResumeKind, bytes: Uint8Array): Promise<ExtractedText> {
  if (kind === 'pdf') return pdfText(bytes);
  if (kind === 'docx') return docxText(bytes);
  return docText(bytes);
}
