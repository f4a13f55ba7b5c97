import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractResumeText, findColumnGap, pageItemsToText, type PositionedItem } from './extract-text';
import { scriptPdf } from './fixtures/hostile';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('extractResumeText', () => {
  it('reads a single-column PDF line by line', async () => {
    const { text, pages } = await extractResumeText('pdf', fixture('r01-pdf-engineer.pdf'));
    const lines = linesOf(text);
    expect(pages).toBe(1);
    expect(lines[0]).toBe('Jane Doe');
    expect(lines[1]).toBe('Senior Software Engineer');
    expect(lines).toContain('EXPERIENCE');
    // The right-aligned dates stay on their title line (not mistaken for a second column).
    expect(lines).toContain('Senior Software Engineer — Brightline Health, Boston, MA Jan 2021 – Present');
  });

  it('reads a two-column PDF column by column: sidebar lines are not mixed into the main column', async () => {
    const { text } = await extractResumeText('pdf', fixture('r06-pdf2-sidebar-left-designer.pdf'));
    const lines = linesOf(text);
    expect(lines.slice(0, 2)).toEqual(['Chloé Martin', 'UX Designer']);
    const skills = lines.indexOf('SKILLS');
    const summary = lines.indexOf('SUMMARY');
    expect(skills).toBeGreaterThan(0);
    expect(summary).toBeGreaterThan(skills); // the whole sidebar first, then the main column
    expect(lines).toContain('Doctolib');
    expect(lines).toContain('Lead UX Designer Sep 2020 – Present');
  });

  it('reads a two-column PDF whose name spans the top, then the main column, then the right sidebar', async () => {
    const { text } = await extractResumeText('pdf', fixture('r07-pdf2-sidebar-right-analyst.pdf'));
    const lines = linesOf(text);
    expect(lines[0]).toBe('Samuel Okafor');
    expect(lines.indexOf('EXPERIENCE')).toBeLessThan(lines.indexOf('CONTACT'));
    expect(lines).toContain('Chicago, IL');
  });

  it('reads the link annotations of a PDF (a LinkedIn label without the URL in the text)', async () => {
    const { text, links } = await extractResumeText('pdf', fixture('r05-pdf-devops-germany.pdf'));
    expect(text).toContain('LinkedIn Profile');
    expect(links).toEqual(['https://www.linkedin.com/in/lukas-schneider-devops']);
  });

  it('reads DOCX paragraphs and table cells with mammoth', async () => {
    const { text } = await extractResumeText('docx', fixture('r09-docx-table-sidebar.docx'));
    const lines = linesOf(text);
    expect(lines[0]).toBe('Aisha Rahman');
    expect(lines).toContain('aisha.rahman@example.com');
    expect(lines).toContain('Sunnybrook Research Institute');
  });

  it('reads DOCX hyperlink targets (a LinkedIn label linked to the profile)', async () => {
    const { text, links } = await extractResumeText('docx', fixture('r14-docx-linkedin-hyperlink.docx'));
    expect(text).toContain('LinkedIn Profile');
    expect(text).not.toContain('linkedin.com');
    expect(links).toEqual(['https://www.linkedin.com/in/naomi-fischer-data']);
  });

  it('reads every page of a multi-page PDF', async () => {
    const { text, pages } = await extractResumeText('pdf', fixture('r13-pdf-two-pages-cmio.pdf'));
    expect(pages).toBe(2);
    expect(text).toContain('Resident Physician — Oregon Health & Science University');
    expect(text).toContain('EDUCATION');
  });

  it('reads Word 97-2003 DOC files with word-extractor', async () => {
    const { text } = await extractResumeText('doc', fixture('r12-doc-security.doc'));
    const lines = linesOf(text);
    expect(lines[0]).toBe('Hannah Nguyen');
    expect(lines).toContain('+61 2 9876 5432');
    expect(lines).toContain('Experience');
  });

  it('extracts the text of a PDF that tries to run JavaScript, without running it', async () => {
    const g = globalThis as { __resumePdfScriptRan?: boolean };
    delete g.__resumePdfScriptRan;
    const { text } = await extractResumeText('pdf', scriptPdf());
    expect(linesOf(text)).toEqual(['Jane Doe', 'jane.doe@example.com']);
    expect(g.__resumePdfScriptRan).toBeUndefined();
  });

  it('answers 400 for a damaged PDF instead of throwing an internal error', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf');
    await expect(extractResumeText('pdf', broken)).rejects.toMatchObject({
      statusCode: 400,
      code: 'RESUME_UNREADABLE',
    });
  });
});

describe('pageItemsToText (layout of positioned text)', () => {
  const item = (str: string, x: number, y: number, width = str.length * 5): PositionedItem => ({
    str,
    x,
    y,
    width,
    fontSize: 10,
  });

  it('orders two columns left then right and keeps a full-width heading above both', () => {
    const items: PositionedItem[] = [item('Alex Morgan — Nurse Manager', 40, 760, 300)];
    for (let i = 0; i < 6; i++) {
      items.push(item(`left ${i}`, 40, 700 - i * 14, 120));
      items.push(item(`right ${i} main column text`, 260, 700 - i * 14, 280));
    }
    expect(findColumnGap(items)).not.toBeNull();
    const lines = linesOf(pageItemsToText(items));
    expect(lines).toEqual([
      'Alex Morgan — Nurse Manager',
      ...[0, 1, 2, 3, 4, 5].map((i) => `left ${i}`),
      ...[0, 1, 2, 3, 4, 5].map((i) => `right ${i} main column text`),
    ]);
  });

  it('does not split a single column with right-aligned dates into columns', () => {
    const items: PositionedItem[] = [];
    for (let i = 0; i < 6; i++) {
      items.push(item(`Job title ${i} — Employer ${i}`, 40, 700 - i * 40, 200));
      items.push(item(`Jan 201${i} – Dec 201${i}`, 480, 700 - i * 40, 80));
      items.push(
        item(`A longer description line that spans most of the page width number ${i}`, 40, 686 - i * 40, 520),
      );
    }
    expect(findColumnGap(items)).toBeNull();
    expect(linesOf(pageItemsToText(items))[0]).toBe('Job title 0 — Employer 0 Jan 2010 – Dec 2010');
  });

  it('joins items on one line with spaces only where there is a gap', () => {
    const lines = linesOf(
      pageItemsToText([item('Hel', 40, 700, 15), item('lo', 55, 700, 10), item('World', 80, 700, 25)]),
    );
    expect(lines).toEqual(['Hello World']);
  });
});
