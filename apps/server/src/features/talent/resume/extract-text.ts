// The text of a resume file as lines in reading order, each with where it sits (layout/types.ts): PDF via unpdf
// (pdf.js, script evaluation off, no network) with the reading order rebuilt from the text items' positions
// (layout/pdf-reading-order.ts); DOCX from its WordprocessingML, tables, text boxes, headers and footers included
// (layout/docx-reader.ts); DOC via word-extractor (text only, with its headers, footers and text boxes).
import { getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import { RESUME_MESSAGES, type ResumeKind } from '@referwell/shared';
import { AppError } from '../../../lib/errors';
import { assertSafeDocx } from './detect';
import { readDocx } from './layout/docx-reader';
import { readPdfPages, type PdfPage } from './layout/pdf-reading-order';
import { layoutText, linesFromText, type DocLine, type ResumeLayout } from './layout/types';

export interface ExtractedText extends ResumeLayout {
  /** The lines as plain text, a blank line between blocks. */
  text: string;
  /** Pages in the document (1 for DOCX/DOC: they carry no reliable page count without layout). */
  pages: number;
}

/** Pages read from a PDF; a resume longer than this is cut (bounded work on hostile files). */
export const MAX_PDF_PAGES = 20;

async function pdfText(bytes: Uint8Array): Promise<ExtractedText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
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
  } catch {
    // Damaged, encrypted with a password, or not really a PDF after the magic bytes.
    throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
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
  } catch {
    throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<ExtractedText> {
  await assertSafeDocx(bytes);
  try {
    const { lines, links } = await readDocx(bytes);
    return { text: layoutText(lines), lines, pages: 1, links };
  } catch {
    throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
  }
}

async function docText(bytes: Uint8Array): Promise<ExtractedText> {
  try {
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
  } catch {
    throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
  }
}

/** Text of a resume whose kind was detected by content (see detectResumeKind). */
export function extractResumeText(kind: ResumeKind, bytes: Uint8Array): Promise<ExtractedText> {
  if (kind === 'pdf') return pdfText(bytes);
  if (kind === 'docx') return docxText(bytes);
  return docText(bytes);
}
