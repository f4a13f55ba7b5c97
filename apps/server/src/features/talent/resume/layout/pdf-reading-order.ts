// Reading order of a PDF page rebuilt from the positions of its text items (pdf.js), before any field is looked
// for: letter-spaced runs are closed up, items on one baseline become segments (a gap wider than about one and a
// half characters starts a new one), and the page is cut recursively — at a vertical gutter that almost nothing
// crosses (sidebars, two columns, a header table's name and contact cells) or, failing that, at wide horizontal
// gaps — until each piece reads top to bottom. Rows whose cells share a baseline (a title and its right-aligned
// dates, a label and its value, a grid of skills) are read across as one line of cells. Footers are marked, and
// running headers and page numbers repeated on every page are dropped.
import type { DocLine, Zone } from './types';

export interface PdfTextItem {
  str: string;
  /** Left of the item and its baseline, in PDF units from the page's bottom-left corner. */
  x: number;
  y: number;
  width: number;
  /** Font size in PDF units. */
  size: number;
}

export interface PdfPage {
  width: number;
  height: number;
  items: PdfTextItem[];
}

interface Seg {
  text: string;
  x0: number;
  x1: number;
  /** Baseline, from the page top. */
  base: number;
  size: number;
}

const top = (s: Seg) => s.base - s.size * 0.75;
const bottom = (s: Seg) => s.base + s.size * 0.22;

/**
 * 'T A M I K A   J .   B R O O K S' → 'TAMIKA J. BROOKS': a run of single characters separated by single spaces is
 * one word, and wider spaces separate the words. Ordinary text is returned as it is.
 */
export function closeUpLetterSpacing(str: string): string {
  const t = str.trim();
  const words = t.split(/ {2,}|\u2003|\u2002/);
  const spaced = words.every((w) => /^(?:\S )+\S$/u.test(w) || /^\S$/u.test(w));
  if (!spaced || t.replace(/\s/g, '').length < 2 || !/ /.test(t)) return str;
  return words.map((w) => w.replace(/ /g, '')).join(' ');
}

/** Items on one baseline joined into segments; a wide gap (a gutter, a tab stop, a right-aligned date) splits. */
export function segmentsOf(items: PdfTextItem[], pageHeight: number): Seg[] {
  const pieces = items
    .filter((i) => i.str.trim())
    .map((i) => ({
      text: closeUpLetterSpacing(i.str),
      x0: i.x,
      x1: i.x + Math.max(i.width, 0),
      base: pageHeight - i.y,
      size: i.size > 0 ? i.size : 10,
    }))
    .sort((a, b) => a.base - b.base || a.x0 - b.x0);
  // Lines by baseline.
  const lines: Seg[][] = [];
  for (const p of pieces) {
    const line = lines.find((l) => Math.abs(l[0]!.base - p.base) <= Math.max(1.5, Math.min(l[0]!.size, p.size) * 0.35));
    if (line) line.push(p);
    else lines.push([p]);
  }
  const segs: (Seg & { pieces: typeof pieces })[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x0 - b.x0);
    let cur: (typeof segs)[number] | null = null;
    for (const p of line) {
      const gap = cur ? p.x0 - cur.x1 : Infinity;
      if (cur && gap <= Math.max(1.5 * Math.max(cur.size, p.size), 12)) {
        cur.pieces.push(p);
        cur.x1 = Math.max(cur.x1, p.x1);
        cur.size = Math.max(cur.size, p.size);
        cur.base = Math.max(cur.base, p.base);
      } else {
        cur = { ...p, pieces: [p] };
        segs.push(cur);
      }
    }
  }
  return segs.map(({ pieces: parts, ...seg }) => ({ ...seg, text: joinPieces(parts) })).filter((s) => s.text);
}

/**
 * The text of a segment's items. Items a glyph each (a name drawn letter by letter) are words where the gaps say so:
 * letters sit at their tracking, words further apart. Other items are joined with a space where there is a gap.
 */
function joinPieces(parts: { text: string; x0: number; x1: number; size: number }[]): string {
  const glyphs = parts.length >= 3 && parts.every((p) => p.text.trim().length === 1);
  const gaps = parts.slice(1).map((p, i) => p.x0 - parts[i]!.x1);
  const tracking = glyphs ? [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 3)]! : 0;
  let text = parts[0]!.text;
  parts.slice(1).forEach((p, i) => {
    const gap = gaps[i]!;
    const space = glyphs
      ? gap > tracking + 0.25 * p.size
      : gap > 0.12 * p.size && !/\s$/.test(text) && !/^\s/.test(p.text);
    text += (space ? ' ' : '') + p.text;
  });
  return text.replace(/\s+/g, ' ').trim();
}

/** Segments grouped into bands: segments whose vertical extents overlap, top to bottom. */
function bandsOf(segs: Seg[]): Seg[][] {
  const sorted = [...segs].sort((a, b) => top(a) - top(b));
  const bands: Seg[][] = [];
  let end = -Infinity;
  for (const s of sorted) {
    const band = bands[bands.length - 1];
    if (band && top(s) < end - 0.5) {
      band.push(s);
      end = Math.max(end, bottom(s));
    } else {
      bands.push([s]);
      end = bottom(s);
    }
  }
  return bands;
}

interface Gutter {
  /** Segments wholly left of it end before `from`; wholly right of it start after `to`. */
  from: number;
  to: number;
}

const crosses = (s: Seg, g: Gutter) => s.x0 < g.to - 1 && s.x1 > g.from + 1;

/**
 * A vertical gutter: an x band at least 10 units wide, inside the region, that at most a few segments cross (a name
 * or a heading across the page), with text on both sides.
 */
export function findGutter(segs: Seg[]): Gutter | null {
  if (segs.length < 4) return null;
  const x0 = Math.min(...segs.map((s) => s.x0));
  const x1 = Math.max(...segs.map((s) => s.x1));
  const span = x1 - x0;
  if (span < 150) return null;
  const limit = Math.max(2, Math.floor(segs.length * 0.08));
  const step = 2;
  const xs: number[] = [];
  for (let x = x0 + span * 0.1; x <= x1 - span * 0.1; x += step) xs.push(x);
  const crossing = xs.map((x) => segs.filter((s) => s.x0 < x && s.x1 > x).length);
  // The cleanest gutter first: none crossing it, then one, up to the limit.
  for (let allowed = 0; allowed <= limit; allowed++) {
    let best: (Gutter & { edge: number }) | null = null;
    let start = -1;
    const consider = (from: number, to: number) => {
      if (to - from < 10) return;
      const left = segs.filter((s) => s.x1 <= from + 1).length;
      const right = segs.filter((s) => s.x0 >= to - 1).length;
      if (left < 2 || right < 2) return;
      // A column's text lines up along the gutter: the right column's left edge (or the left column's right
      // edge, when it is right-aligned). A gap that only ends at a stray short segment scores low.
      const edge =
        segs.filter((s) => Math.abs(s.x0 - to) <= 4).length + segs.filter((s) => Math.abs(s.x1 - from) <= 4).length;
      if (!best || edge > best.edge || (edge === best.edge && to - from > best.to - best.from))
        best = { from, to, edge };
    };
    xs.forEach((x, i) => {
      if (crossing[i]! <= allowed) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        consider(start, xs[i - 1]!);
        start = -1;
      }
    });
    if (start >= 0) consider(start, xs[xs.length - 1]!);
    // (Assigned in the closure above; TypeScript cannot see that.)
    const found = best as (Gutter & { edge: number }) | null;
    if (found) return { from: found.from, to: found.to };
  }
  return null;
}

const alignedWith = (s: Seg, others: Seg[]) =>
  others.some((o) => Math.abs(o.base - s.base) <= Math.max(1.5, 0.3 * Math.min(o.size, s.size)));
const words = (s: Seg) => s.text.split(/\s+/).length;
/** The largest share of values within 3 units of one another. */
const sharedEdge = (values: number[]) =>
  Math.max(...values.map((v) => values.filter((w) => Math.abs(w - v) <= 3).length)) / values.length;

/**
 * Whether two sides of a gutter are one table read across (rows) rather than two columns read one after the other:
 * right-aligned short cells each beside a line on the left (dates, places), or short labels each beside a value.
 */
function readAcross(left: Seg[], right: Seg[], bands: number): boolean {
  const alignedRight = right.filter((s) => alignedWith(s, left)).length / right.length;
  const alignedLeft = left.filter((s) => alignedWith(s, right)).length / left.length;
  // Right-aligned cells (dates, places) share their right edge; a column of text shares its left edge.
  if (alignedRight >= 0.75 && sharedEdge(right.map((s) => s.x1)) >= 0.6 && right.every((s) => words(s) <= 8))
    return true;
  // Labels: short, set no larger than their values, each beside a value; the values start at one x.
  const valueStarts = right.map((s) => s.x0);
  const valueSize = Math.max(...right.map((s) => s.size));
  if (
    alignedLeft >= 0.8 &&
    bands <= 10 &&
    left.every((s) => words(s) <= 3 && s.size <= valueSize * 1.15) &&
    Math.max(...valueStarts) - Math.min(...valueStarts) < 4
  )
    return true;
  // A grid: every segment on both sides sits on a shared baseline.
  return alignedRight >= 0.9 && alignedLeft >= 0.9 && bands <= 12;
}

interface Piece {
  segs: Seg[];
  zone: Zone;
}

const width = (segs: Seg[]) => Math.max(...segs.map((s) => s.x1)) - Math.min(...segs.map((s) => s.x0));

/** Cuts a region into pieces that each read top to bottom, in reading order. */
function cut(segs: Seg[], zone: Zone, out: Piece[]) {
  if (!segs.length) return;
  // A wide horizontal gap across the whole region first: a header (a name, a contact table) above a body that has a
  // structure of its own.
  const bands = splitAtGaps(segs, 'wide');
  if (bands.length > 1) {
    for (const part of bands) cut(part, zone, out);
    return;
  }
  const gutter = findGutter(segs);
  if (gutter) {
    const regionWidth = width(segs);
    const sizes = segs.map((s) => s.size).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)]!;
    let block: Seg[] = [];
    const flush = () => {
      if (!block.length) return;
      const left = block.filter((s) => s.x1 <= gutter.from + 1);
      const right = block.filter((s) => s.x0 >= gutter.to - 1);
      if (left.length && right.length && !readAcross(left, right, bandsOf(block).length)) {
        const narrow = (side: Seg[]) => width(side) < 0.42 * regionWidth;
        cut(left, narrow(left) && !narrow(right) ? 'side' : zone, out);
        cut(right, narrow(right) && !narrow(left) ? 'side' : zone, out);
      } else out.push({ segs: block, zone });
      block = [];
    };
    let previousBottom = Infinity;
    for (const band of bandsOf(segs)) {
      const bandTop = Math.min(...band.map(top));
      if (band.some((s) => crosses(s, gutter))) {
        flush();
        out.push({ segs: band, zone });
      } else {
        if (bandTop - previousBottom > Math.max(1.8 * median, 14)) flush();
        block.push(...band);
      }
      previousBottom = Math.max(...band.map(bottom));
    }
    flush();
    return;
  }
  const parts = splitAtGaps(segs);
  if (parts.length > 1) for (const part of parts) cut(part, zone, out);
  else out.push({ segs, zone });
}

/**
 * Splits a region at horizontal gaps: 'wide' ones (well over the body size: a header's bottom margin) or, when
 * nothing else structures a region, gaps clearly wider than its line spacing (paragraphs, sections).
 */
function splitAtGaps(segs: Seg[], kind: 'wide' | 'paragraph' = 'paragraph'): Seg[][] {
  const bands = bandsOf(segs);
  if (bands.length < 2) return [segs];
  const sizes = segs.map((s) => s.size).sort((a, b) => a - b);
  const median = sizes[Math.floor(sizes.length / 2)]!;
  const gaps = bands.slice(1).map((b, i) => Math.min(...b.map(top)) - Math.max(...bands[i]!.map(bottom)));
  const typical = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  const threshold = kind === 'wide' ? Math.max(median * 1.8, 14) : Math.max(median * 1.1, typical * 2.5);
  if (kind === 'paragraph' && bands.length < 3) return [segs];
  const parts: Seg[][] = [[...bands[0]!]];
  gaps.forEach((gap, i) => {
    if (gap > threshold) parts.push([]);
    parts[parts.length - 1]!.push(...bands[i + 1]!);
  });
  return parts;
}

/** The rows of a piece: segments on one baseline, left to right. */
function rowsOf(segs: Seg[]): Seg[][] {
  const rows: Seg[][] = [];
  for (const s of [...segs].sort((a, b) => a.base - b.base || a.x0 - b.x0)) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0]!.base - s.base) <= Math.max(1.5, 0.35 * Math.min(row[0]!.size, s.size))) row.push(s);
    else rows.push([s]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);
  return rows;
}

const PAGE_NUMBER =
  /^(?:(?:page|seite|página|pagina|pag\.?|p\.)\s*)?\d{1,3}(?:\s*(?:\/|of|von|de|sur|di|van)\s*\d{1,3})?$/i;

/**
 * Lines of every page in reading order. `block` numbers are unique across pages. Sizes are relative to the body
 * text size of the whole document.
 */
export function readPdfPages(pages: PdfPage[]): DocLine[] {
  const perPage: { page: number; height: number; pieces: Piece[] }[] = [];
  const sizeWeights = new Map<number, number>();
  pages.forEach((p, i) => {
    const segs = segmentsOf(p.items, p.height);
    for (const s of segs) {
      const key = Math.round(s.size * 2) / 2;
      sizeWeights.set(key, (sizeWeights.get(key) ?? 0) + s.text.length);
    }
    const pieces: Piece[] = [];
    cut(segs, 'body', pieces);
    perPage.push({ page: i + 1, height: p.height, pieces });
  });
  const bodySize = [...sizeWeights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;

  const lines: DocLine[] = [];
  let block = 0;
  const seenBands = new Map<string, number>();
  for (const { page, height, pieces } of perPage) {
    const all = pieces.flatMap((p) => p.segs);
    for (const piece of pieces) {
      for (const row of rowsOf(piece.segs)) {
        const rowTop = Math.min(...row.map(top));
        const rowBottom = Math.max(...row.map(bottom));
        const size = Math.max(...row.map((s) => s.size));
        const cells = row.map((s) => s.text);
        const text = cells.join('  ');
        // Nothing else within a few lines above a row in the page's bottom band: a footer.
        const above = all.filter((s) => bottom(s) <= rowTop + 0.5 && !row.includes(s));
        const clearAbove = above.every((s) => rowTop - bottom(s) > 2.5 * size);
        const band =
          rowTop / height > 0.88 && clearAbove ? 'footer' : rowBottom / height < 0.07 && page > 1 ? 'header' : null;
        if (band && PAGE_NUMBER.test(text)) continue;
        // A running header on a later page ('Jane Doe — 2') repeats what page 1 says.
        if (band === 'header' && /\d\s*$/.test(text)) continue;
        if (band) {
          // A running header or footer repeated on every page is read once.
          const key = text.replace(/\d+/g, '#');
          if (seenBands.has(key) && seenBands.get(key) !== page) continue;
          seenBands.set(key, page);
        }
        lines.push({
          text,
          cells,
          page,
          block,
          zone: band ?? piece.zone,
          size: Math.round((size / bodySize) * 100) / 100,
          top: Math.round((rowTop / height) * 1000) / 1000,
        });
      }
      block++;
    }
  }
  return lines;
}
