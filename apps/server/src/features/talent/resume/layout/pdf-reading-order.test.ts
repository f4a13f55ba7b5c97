import { describe, expect, it } from 'vitest';
import { closeUpLetterSpacing, readPdfPages, type PdfTextItem } from './pdf-reading-order';

const H = 792;
/** An item whose top is `fromTop` units below the page's top (PDF y runs upwards from the bottom). */
const item = (str: string, x: number, fromTop: number, size = 10, width = str.length * size * 0.5): PdfTextItem => ({
  str,
  x,
  y: H - fromTop,
  width,
  size,
});
const read = (items: PdfTextItem[]) => readPdfPages([{ width: 612, height: H, items }]);
const texts = (items: PdfTextItem[]) => read(items).map((l) => l.text);

describe('closeUpLetterSpacing', () => {
  it.each([
    ['T A M I K A   J .   B R O O K S', 'TAMIKA J. BROOKS'],
    ['S K I L L S', 'SKILLS'],
    ["O ' C O N N E L L", "O'CONNELL"],
    ['A B testing', 'A B testing'],
    ['Jane Doe', 'Jane Doe'],
  ])('%s → %s', (spaced, closed) => {
    expect(closeUpLetterSpacing(spaced)).toBe(closed);
  });
});

describe('readPdfPages', () => {
  it('reads a sidebar whole, then the main column, and marks the narrow column as a sidebar', () => {
    const items = [item('Alex Morgan', 40, 60, 20, 120)];
    for (let i = 0; i < 8; i++) items.push(item(`side ${i}`, 40, 100 + i * 14, 10, 60));
    for (let i = 0; i < 12; i++) items.push(item(`main line ${i} of the experience column`, 220, 62 + i * 13, 10, 330));
    const lines = read(items);
    expect(lines.map((l) => l.text)).toEqual([
      'Alex Morgan',
      ...Array.from({ length: 8 }, (_, i) => `side ${i}`),
      ...Array.from({ length: 12 }, (_, i) => `main line ${i} of the experience column`),
    ]);
    expect(lines[0]).toMatchObject({ zone: 'side', size: 2 });
    expect(lines.at(-1)).toMatchObject({ zone: 'body', size: 1 });
  });

  it('keeps right-aligned dates on their title line as a cell', () => {
    const items: PdfTextItem[] = [];
    for (let i = 0; i < 5; i++) {
      items.push(item(`Job title ${i} — Employer ${i}`, 40, 100 + i * 40, 10, 200));
      items.push(item(`Jan 201${i} – Dec 201${i}`, 480, 100 + i * 40, 10, 82));
      items.push(item(`• A short bullet ${i}`, 46, 114 + i * 40, 10, 110));
    }
    const lines = read(items);
    expect(lines[0]).toMatchObject({ cells: ['Job title 0 — Employer 0', 'Jan 2010 – Dec 2010'] });
    expect(lines[1]!.text).toBe('• A short bullet 0');
  });

  it('reads a header table (name left, contact stack right) cell by cell, then the body', () => {
    const items = [
      item('Tobias', 48, 60, 26, 80),
      item('Leitner', 48, 92, 26, 86),
      item('Königstraße 21', 483, 50, 9.5, 64),
      item('90402 Nürnberg', 478, 64, 9.5, 69),
      item('+49 911 2345678', 473, 78, 9.5, 74),
      item('tobias@example.de', 452, 92, 9.5, 95),
    ];
    for (let i = 0; i < 6; i++)
      items.push(item(`Body text line ${i} that runs across the page width`, 48, 150 + i * 13, 10, 500));
    expect(texts(items).slice(0, 6)).toEqual([
      'Tobias',
      'Leitner',
      'Königstraße 21',
      '90402 Nürnberg',
      '+49 911 2345678',
      'tobias@example.de',
    ]);
  });

  it('reads a label/value table across and a grid of skills row by row', () => {
    const items = [
      item('Phone', 48, 100, 9.5, 30),
      item('07700 900123', 143, 100, 9.5, 60),
      item('Location', 48, 114, 9.5, 40),
      item('Leeds', 143, 114, 9.5, 30),
      item('Email', 48, 128, 9.5, 25),
      item('a@example.com', 143, 128, 9.5, 70),
    ];
    for (let i = 0; i < 6; i++)
      items.push(item(`A paragraph of body text number ${i} across the page`, 48, 170 + i * 13, 10, 500));
    const lines = read(items);
    expect(lines.slice(0, 3).map((l) => l.cells)).toEqual([
      ['Phone', '07700 900123'],
      ['Location', 'Leeds'],
      ['Email', 'a@example.com'],
    ]);
  });

  it('closes up a name drawn glyph by glyph and keeps its words apart', () => {
    const glyphs: PdfTextItem[] = [];
    let x = 48;
    for (const ch of 'JANE DOE') {
      if (ch !== ' ') glyphs.push(item(ch, x, 60, 22, 14));
      x += ch === ' ' ? 24 : 20;
    }
    expect(texts(glyphs)).toEqual(['JANE DOE']);
  });

  it('marks a footer, reads a footer repeated on every page once, and drops page numbers and running headers', () => {
    const page = (n: number) => ({
      width: 612,
      height: H,
      items: [
        ...(n > 1 ? [item(`Jane Doe — ${n}`, 48, 30, 8, 80)] : [item('Jane Doe', 48, 60, 22, 110)]),
        ...Array.from({ length: 10 }, (_, i) => item(`page ${n} body ${i}`, 48, 100 + i * 14)),
        item('Leeds LS6 2QT · 07700 900123 · jane@example.com', 180, 750, 8, 250),
        item(`${n} / 2`, 300, 770, 8, 16),
      ],
    });
    const lines = readPdfPages([page(1), page(2)]);
    expect(lines.filter((l) => l.zone === 'footer').map((l) => [l.page, l.text])).toEqual([
      [1, 'Leeds LS6 2QT · 07700 900123 · jane@example.com'],
    ]);
    expect(lines.some((l) => /\d \/ 2|— 2/.test(l.text))).toBe(false);
  });
});
