// Reading order of a DOCX from its WordprocessingML: body paragraphs, tables (a layout table — a sidebar in one
// cell, the main column in another — read cell by cell; a grid or a label/value table read row by row), text boxes
// (each its own block where it is anchored), and the page header and footer parts that a plain-text converter drops
// (names and contact details often live there). Run sizes give each line its size relative to the body text.
// Call assertSafeDocx first; the parts inflated here are counted again, chunk by chunk, against an InflateBudget.
import { load } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import yauzl from 'yauzl';
import type { InflateBudget } from '../../../../lib/document-limits';
import type { DocLine, Zone } from './types';

/** Parts read from the package. */
const PART =
  /^word\/(?:document|styles|header\d*|footer\d*)\.xml$|^word\/_rels\/(?:document|header\d*|footer\d*)\.xml\.rels$/;

/**
 * The named entries of a zip as UTF-8 text. Every inflated chunk is charged to `budget` (per entry and in all), so a
 * part past a limit stops the read with the budget's DecompressionLimitError before more is held.
 */
export async function readZipParts(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  budget: InflateBudget,
): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (err, z) => (err || !z ? reject(err ?? new Error('not a zip')) : resolve(z)),
    ),
  );
  const parts = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (!settled) resolve();
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!wanted(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const chunks: Buffer[] = [];
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          try {
            budget.charge(entryBytes, chunk.length);
          } catch (error) {
            stream.destroy();
            return fail(error);
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (settled) return;
          parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return parts;
}

const isElement = (n: AnyNode): n is Element => n.type === 'tag';
const kids = (n: AnyNode): Element[] => ('children' in n ? (n.children as AnyNode[]).filter(isElement) : []);
const child = (n: AnyNode, name: string) => kids(n).find((c) => c.name === name);
const attr = (n: Element | undefined, name: string) => n?.attribs[name];
const textOf = (n: Element) => (n.children as AnyNode[]).map((c) => ('data' in c ? String(c.data) : '')).join('');

/** Paragraph styles → their run size (half-points), following basedOn; and the document default. */
function readStyles(xml: string | undefined) {
  const sizes = new Map<string, { size?: number; basedOn?: string }>();
  let defaultSize = 22;
  if (xml) {
    const root = load(xml, { xml: true }).root()[0]!;
    const styles = kids(root).find((e) => e.name === 'w:styles');
    for (const el of styles ? kids(styles) : []) {
      if (el.name === 'w:docDefaults') {
        const sz = attr(child(child(child(el, 'w:rPrDefault') ?? el, 'w:rPr') ?? el, 'w:sz'), 'w:val');
        if (sz) defaultSize = Number(sz);
      }
      if (el.name === 'w:style') {
        const id = attr(el, 'w:styleId');
        const sz = attr(child(child(el, 'w:rPr') ?? el, 'w:sz'), 'w:val');
        if (id) sizes.set(id, { size: sz ? Number(sz) : undefined, basedOn: attr(child(el, 'w:basedOn'), 'w:val') });
      }
    }
  }
  const sizeOf = (id: string | undefined, depth = 0): number => {
    const style = id ? sizes.get(id) : sizes.get('Normal');
    if (!style || depth > 8) return defaultSize;
    return style.size ?? (style.basedOn ? sizeOf(style.basedOn, depth + 1) : defaultSize);
  };
  return sizeOf;
}

/** Relationship ids → targets of one part's rels file. */
function readRels(xml: string | undefined): Map<string, string> {
  const rels = new Map<string, string>();
  if (!xml) return rels;
  for (const m of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id && target) rels.set(id, target.replace(/&amp;/g, '&'));
  }
  return rels;
}

interface Para {
  /** Text with '\t' for tabs and '\n' for line breaks. */
  text: string;
  /** Largest run size in half-points. */
  size: number;
  boxes: Element[];
}

class DocxWalker {
  readonly lines: DocLine[] = [];
  readonly links = new Set<string>();
  private block = 0;

  constructor(
    private readonly sizeOf: (styleId?: string) => number,
    private rels: Map<string, string>,
  ) {}

  withRels(rels: Map<string, string>) {
    this.rels = rels;
    return this;
  }

  private paragraph(p: Element): Para {
    const styleId = attr(child(child(p, 'w:pPr') ?? p, 'w:pStyle'), 'w:val');
    const base = this.sizeOf(styleId);
    let text = '';
    let size = 0;
    const boxes: Element[] = [];
    const visit = (n: Element) => {
      switch (n.name) {
        case 'w:t':
          text += textOf(n);
          return;
        case 'w:tab':
          if (text) text += '\t';
          return;
        case 'w:br':
        case 'w:cr':
          text += '\n';
          return;
        case 'w:noBreakHyphen':
          text += '-';
          return;
        case 'w:del':
        case 'w:pPr':
        case 'mc:Fallback':
          return;
        case 'w:txbxContent':
          boxes.push(n);
          return;
        case 'w:instrText': {
          const url = /HYPERLINK\s+"([^"]+)"/.exec(textOf(n))?.[1];
          if (url && /^https?:\/\//i.test(url)) this.links.add(url);
          return;
        }
        case 'w:hyperlink': {
          const target = this.rels.get(attr(n, 'r:id') ?? '');
          if (target && /^https?:\/\//i.test(target)) this.links.add(target);
          break;
        }
        case 'w:r': {
          const rPr = child(n, 'w:rPr');
          const sz = attr(child(rPr ?? n, 'w:sz'), 'w:val');
          const hasText = kids(n).some((c) => c.name === 'w:t' && textOf(c).trim());
          if (hasText) size = Math.max(size, sz ? Number(sz) : base);
          break;
        }
      }
      for (const c of kids(n)) visit(c);
    };
    for (const c of kids(p)) visit(c);
    // A list paragraph shows a bullet (its marker lives in the numbering part).
    if (child(child(p, 'w:pPr') ?? p, 'w:numPr') && text.trim()) text = `• ${text.trimStart()}`;
    return { text, size: size || base, boxes };
  }

  private push(text: string, size: number, zone: Zone) {
    for (const raw of text.split('\n')) {
      // Runs of spaces stay two wide: they separate things ('T A M I K A   B R O O K S', 'Phone  0123').
      const cells = raw
        .split('\t')
        .map((c) =>
          c
            .replace(/ {2,}/g, '  ')
            .replace(/[^\S ]+/g, ' ')
            .trim(),
        )
        .filter(Boolean);
      if (!cells.length) continue;
      this.lines.push({ text: cells.join('  '), cells, page: 1, block: this.block, zone, size, top: null });
    }
  }

  endBlock() {
    if (this.lines.length && this.lines[this.lines.length - 1]!.block === this.block) this.block++;
  }

  /** Block-level content (body, cell, text box, header/footer): paragraphs, tables, content controls. */
  blocks(container: Element, zone: Zone) {
    for (const el of kids(container)) {
      if (el.name === 'w:p') {
        const para = this.paragraph(el);
        this.push(para.text, para.size, zone);
        for (const box of para.boxes) {
          this.endBlock();
          this.blocks(box, zone === 'body' ? 'box' : zone);
          this.endBlock();
        }
      } else if (el.name === 'w:tbl') {
        this.endBlock();
        this.table(el, zone);
        this.endBlock();
      } else if (el.name === 'w:sdt') {
        const content = child(el, 'w:sdtContent');
        if (content) this.blocks(content, zone);
      } else if (el.name === 'mc:AlternateContent') {
        const choice = child(el, 'mc:Choice');
        if (choice) this.blocks(choice, zone);
      }
    }
  }

  private table(tbl: Element, zone: Zone) {
    const rows = kids(tbl).filter((r) => r.name === 'w:tr');
    const cellsOf = (row: Element) => kids(row).filter((c) => c.name === 'w:tc' || c.name === 'w:sdt');
    const paragraphCount = (cell: Element) =>
      kids(cell).filter((e) => e.name === 'w:p' && this.paragraph(e).text.trim()).length +
      kids(cell).filter((e) => e.name === 'w:tbl').length * 4;
    // A grid or a label/value table holds a phrase a cell (a label's value may take two lines); a layout table — a
    // sidebar beside the main column, a name cell beside a contact cell — holds paragraphs of its own.
    const shortParagraphs = (cell: Element) =>
      kids(cell).filter((e) => e.name === 'w:p' && this.paragraph(e).text.trim().split(/\s+/).length <= 4).length;
    const labels =
      rows.length >= 2 &&
      rows.every(
        (r) =>
          cellsOf(r).length >= 2 &&
          paragraphCount(cellsOf(r)[0]!) <= 1 &&
          shortParagraphs(cellsOf(r)[0]!) === paragraphCount(cellsOf(r)[0]!),
      );
    const grid = rows.every((r) => cellsOf(r).every((c) => paragraphCount(c) <= 1));
    const layout = !labels && !grid;
    if (layout) {
      for (const row of rows) {
        const cells = cellsOf(row);
        const widths = cells.map((c) => Number(attr(child(child(c, 'w:tcPr') ?? c, 'w:tcW'), 'w:w') ?? 0));
        const total = widths.reduce((a, b) => a + b, 0);
        cells.forEach((cell, i) => {
          const share = total ? widths[i]! / total : 1 / cells.length;
          this.blocks(cell, cells.length > 1 && share < 0.4 && zone === 'body' ? 'side' : zone);
          this.endBlock();
        });
      }
      return;
    }
    for (const row of rows) {
      const cells: string[] = [];
      let size = 0;
      for (const cell of cellsOf(row)) {
        const paras = kids(cell)
          .filter((e) => e.name === 'w:p')
          .map((p) => this.paragraph(p));
        size = Math.max(size, ...paras.map((p) => p.size));
        const text = paras
          .map((p) => p.text.replace(/[\t\n]+/g, ' ').trim())
          .filter(Boolean)
          .join(', ');
        if (text) cells.push(text);
        for (const table of kids(cell).filter((e) => e.name === 'w:tbl')) this.table(table, zone);
      }
      if (cells.length)
        this.lines.push({ text: cells.join('  '), cells, page: 1, block: this.block, zone, size, top: null });
    }
  }
}

export interface DocxLayout {
  lines: DocLine[];
  links: string[];
}

/** The lines of a DOCX in reading order: page headers, body (tables and text boxes in place), page footers. */
export async function readDocx(bytes: Uint8Array, budget: InflateBudget): Promise<DocxLayout> {
  const parts = await readZipParts(bytes, (name) => PART.test(name), budget);
  const document = parts.get('word/document.xml');
  if (!document) throw new Error('no word/document.xml');
  const sizeOf = readStyles(parts.get('word/styles.xml'));
  const walker = new DocxWalker(sizeOf, readRels(parts.get('word/_rels/document.xml.rels')));
  const docRels = readRels(parts.get('word/_rels/document.xml.rels'));
  const partsOf = (kind: 'header' | 'footer') =>
    [...parts.keys()]
      .filter((name) => new RegExp(`^word/${kind}\\d*\\.xml$`).test(name))
      .sort()
      .filter((name) => [...docRels.values()].some((t) => name.endsWith(t.replace(/^\.?\//, ''))));
  const readPart = (name: string, zone: Zone) => {
    const root = load(parts.get(name)!, { xml: true }).root()[0]!;
    const container = kids(root)[0];
    if (!container) return;
    const rels = readRels(parts.get(name.replace(/^word\//, 'word/_rels/') + '.rels'));
    walker.withRels(rels).blocks(container, zone);
    walker.endBlock();
  };
  const seen = new Set<string>();
  const startOf = () => walker.lines.length;
  const dedupe = (from: number) => {
    // First-page, even and default headers often repeat one another.
    const added = walker.lines.splice(from);
    for (const line of added) {
      if (seen.has(line.text)) continue;
      seen.add(line.text);
      walker.lines.push(line);
    }
  };
  let from = startOf();
  for (const name of partsOf('header')) readPart(name, 'header');
  dedupe(from);
  const root = load(document, { xml: true }).root()[0]!;
  const body = child(kids(root).find((e) => e.name === 'w:document') ?? root, 'w:body');
  if (body) walker.withRels(docRels).blocks(body, 'body');
  walker.endBlock();
  from = startOf();
  for (const name of partsOf('footer')) readPart(name, 'footer');
  dedupe(from);

  // Sizes were recorded in half-points: relative to the body's most common size (weighted by characters).
  const weights = new Map<number, number>();
  for (const l of walker.lines) weights.set(l.size, (weights.get(l.size) ?? 0) + l.text.length);
  const body1 = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 22;
  for (const l of walker.lines) l.size = Math.round((l.size / body1) * 100) / 100;
  return { lines: walker.lines, links: [...walker.links] };
}
