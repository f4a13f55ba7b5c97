// Plain text from a resume file: PDF via unpdf (pdf.js, script evaluation off, no network), DOCX via mammoth,
// DOC via word-extractor. The PDF path rebuilds lines from positioned text items and reads two-column layouts
// column by column.
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
import { assertSafeDocx, tooComplex } from './detect';

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

export interface ExtractedText {
  text: string;
  /** Pages in the document (1 for DOCX/DOC: they carry no reliable page count without layout). */
  pages: number;
  /** URLs of link annotations (PDF), e.g. a 'LinkedIn' label linked to the profile. */
  links: string[];
}

/** Pages read from a PDF; a resume longer than this is cut (bounded work on hostile files). */
export const MAX_PDF_PAGES = 20;

export interface PositionedItem {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

interface Line {
  y: number;
  fontSize: number;
  items: PositionedItem[];
  left: number;
  right: number;
}

function lineText(items: PositionedItem[]): string {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  let out = '';
  let end = -Infinity;
  for (const item of sorted) {
    if (out && !/\s$/.test(out) && !/^\s/.test(item.str) && item.x - end > item.fontSize * 0.15) out += ' ';
    out += item.str;
    end = Math.max(end, item.x + item.width);
  }
  return out.replace(/\s+/g, ' ').trim();
}

function groupLines(items: PositionedItem[]): Line[] {
  const sorted = items.filter((i) => i.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const item of sorted) {
    const tolerance = Math.max(2, item.fontSize * 0.45);
    const line = lines.find((l) => Math.abs(l.y - item.y) <= tolerance);
    if (line) {
      line.items.push(item);
      line.left = Math.min(line.left, item.x);
      line.right = Math.max(line.right, item.x + item.width);
      line.fontSize = Math.max(line.fontSize, item.fontSize);
    } else {
      lines.push({ y: item.y, fontSize: item.fontSize, items: [item], left: item.x, right: item.x + item.width });
    }
  }
  return lines.sort((a, b) => b.y - a.y);
}

/**
 * The x of a vertical gutter separating two text columns, or null for a single-column page. A gutter is an x band
 * (at least 12 pt wide, between 20% and 80% of the text width) that almost no text item crosses, with a good share
 * of lines having text on both sides or several lines on each side.
 */
export function findColumnGap(items: PositionedItem[]): number | null {
  const visible = items.filter((i) => i.str.trim());
  if (visible.length < 8) return null;
  const minX = Math.min(...visible.map((i) => i.x));
  const maxX = Math.max(...visible.map((i) => i.x + i.width));
  const span = maxX - minX;
  if (span < 200) return null;
  const step = 2;
  let best: { x: number; crossing: number; width: number } | null = null;
  let runStart = -1;
  const crossingAt = (x: number) => visible.filter((i) => i.x < x && i.x + i.width > x).length;
  const leftAt = (x: number) => visible.filter((i) => i.x + i.width <= x).length;
  const limit = Math.max(1, Math.floor(visible.length * 0.04));
  for (let x = minX + span * 0.2; x <= minX + span * 0.8; x += step) {
    const crossing = crossingAt(x);
    if (crossing <= limit) {
      if (runStart < 0) runStart = x;
      const width = x - runStart;
      if (width >= 12 && (!best || width > best.width)) best = { x: runStart + width / 2, crossing, width };
    } else runStart = -1;
  }
  if (!best) return null;
  const left = leftAt(best.x);
  const right = visible.filter((i) => i.x >= best.x).length;
  // Both sides must carry real text, not a date column of a few items.
  if (left < 4 || right < 4) return null;
  const leftLines = groupLines(visible.filter((i) => i.x + i.width <= best.x)).length;
  const rightLines = groupLines(visible.filter((i) => i.x >= best.x)).length;
  // Right-aligned dates next to job titles form a narrow column of short items; real columns have many lines each.
  const rightTexts = visible.filter((i) => i.x >= best.x).map((i) => i.str.trim());
  const dateLike = rightTexts.filter((t) =>
    /^[\p{L}.\s]*\d{2,4}[\d\s/.\-–—]*(?:[\p{L}]+)?[\s\d/.\-–—]*$/u.test(t),
  ).length;
  if (dateLike / rightTexts.length > 0.6) return null;
  if (leftLines < 3 || rightLines < 3) return null;
  return best.x;
}

/** Lines of one page, reading two columns (when found) left column first, full-width lines in place. */
export function pageItemsToText(items: PositionedItem[]): string {
  const gap = findColumnGap(items);
  const lines = groupLines(items);
  const out: string[] = [];
  let prev: Line | undefined;
  const push = (line: Line, text: string) => {
    if (prev && prev.y - line.y > Math.max(line.fontSize, prev.fontSize) * 1.9) out.push('');
    out.push(text);
    prev = line;
  };
  if (gap === null) {
    for (const line of lines) push(line, lineText(line.items));
    return out.join('\n');
  }
  // Walk top to bottom; a line crossing the gutter is full width and ends the current two-column block.
  let leftBlock: Line[] = [];
  let rightBlock: Line[] = [];
  const flush = () => {
    for (const line of leftBlock) push(line, lineText(line.items));
    if (leftBlock.length && rightBlock.length) {
      out.push('');
      prev = undefined;
    }
    for (const line of rightBlock) push(line, lineText(line.items));
    leftBlock = [];
    rightBlock = [];
  };
  for (const line of lines) {
    const crosses = line.items.some((i) => i.x < gap && i.x + i.width > gap);
    if (crosses) {
      flush();
      push(line, lineText(line.items));
      continue;
    }
    const leftItems = line.items.filter((i) => i.x + i.width <= gap);
    const rightItems = line.items.filter((i) => i.x >= gap);
    if (leftItems.length) leftBlock.push({ ...line, items: leftItems });
    if (rightItems.length) rightBlock.push({ ...line, items: rightItems });
  }
  flush();
  return out.join('\n');
}

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
    const pages: string[] = [];
    const links = new Set<string>();
    const count = Math.min(pdf.numPages, MAX_PDF_PAGES);
    for (let n = 1; n <= count; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items: PositionedItem[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
        items.push({ str: item.str, x, y, width: item.width, fontSize: Math.hypot(a, b) || item.height || 10 });
      }
      pages.push(pageItemsToText(items));
      for (const annotation of await page.getAnnotations()) {
        const url = (annotation as { url?: unknown }).url;
        if (typeof url === 'string' && /^https?:\/\//i.test(url)) links.add(url);
      }
      page.cleanup();
    }
    return { text: pages.join('\n\n'), pages: pdf.numPages, links: [...links] };
  } catch (error) {
    throw readingFailed(error);
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<ExtractedText> {
  await assertSafeDocx(bytes);
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { default: mammoth } = await import('mammoth');
    const { value } = await mammoth.extractRawText({ buffer });
    // Hyperlink targets (a 'LinkedIn' label linked to the profile) only appear in the HTML conversion.
    const { value: html } = await mammoth.convertToHtml({ buffer });
    const links = [
      ...new Set([...html.matchAll(/href="(https?:\/\/[^"]+)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'))),
    ];
    return { text: value.replace(/\n{2,}/g, '\n'), pages: 1, links };
  } catch (error) {
    throw readingFailed(error);
  }
}

async function docText(bytes: Uint8Array): Promise<ExtractedText> {
  try {
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const body = doc.getBody().replace(/\r\n?/g, '\n');
    return { text: body.replace(/\n{2,}/g, '\n'), pages: 1, links: [] };
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
