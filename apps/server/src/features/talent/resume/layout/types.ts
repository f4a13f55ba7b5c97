// What the readers hand to field extraction: the document's lines in reading order, each with where it sits.

/**
 * Where a line sits: the main flow, a narrow sidebar column, a page header or footer (a Word header/footer part or
 * the bottom band of a PDF page), or a floating text box.
 */
export type Zone = 'body' | 'side' | 'header' | 'footer' | 'box';

export interface DocLine {
  /** The line's text; cells of one row are joined with two spaces. */
  text: string;
  /** The cells of a row (label and value, title and dates, a grid's items); one cell for a plain line. */
  cells: string[];
  /** 1-based page (1 for formats without pages). */
  page: number;
  /** Reading block: a column, a table cell, a text box, a header or footer; lines of a block are consecutive. */
  block: number;
  zone: Zone;
  /** Font size over the document's body text size (1 for body text, about 2 for a name set large). */
  size: number;
  /** Top of the line on its page from 0 (top) to 1 (bottom); null when the format has no geometry. */
  top: number | null;
}

export interface ResumeLayout {
  lines: DocLine[];
  pages: number;
  /** Link targets behind text (PDF link annotations, DOCX hyperlinks). */
  links: string[];
}

/** The layout's plain text: lines in reading order, a blank line between blocks. */
export function layoutText(lines: DocLine[]): string {
  const out: string[] = [];
  let block = -1;
  for (const line of lines) {
    if (block >= 0 && line.block !== block) out.push('');
    out.push(line.text);
    block = line.block;
  }
  return out.join('\n');
}

/** Lines of plain text (a DOC file, a test) as a layout without geometry: one block per paragraph run. */
export function linesFromText(text: string): DocLine[] {
  const lines: DocLine[] = [];
  let block = 0;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\u00a0\u2007\u202f]/g, ' ').trimEnd();
    if (!line.trim()) {
      if (lines.length && lines[lines.length - 1]!.block === block) block++;
      continue;
    }
    const cells = line
      .split(/\t+| {2,}/)
      .map((c) => c.trim())
      .filter(Boolean);
    lines.push({ text: cells.join('  '), cells, page: 1, block, zone: 'body', size: 1, top: null });
  }
  return lines;
}
