import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractResumeText } from './extract-text';
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
    // The right-aligned dates stay on their title line (not mistaken for a second column), as a cell of their own.
    expect(lines).toContain('Senior Software Engineer — Brightline Health, Boston, MA  Jan 2021 – Present');
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
    expect(lines).toContain('Lead UX Designer  Sep 2020 – Present');
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

  it('reads DOCX paragraphs and the cells of a layout table cell by cell, the narrow cell as a sidebar', async () => {
    const { text, lines } = await extractResumeText('docx', fixture('r09-docx-table-sidebar.docx'));
    expect(linesOf(text)[0]).toBe('Aisha Rahman');
    expect(lines.find((l) => l.text === 'aisha.rahman@example.com')?.zone).toBe('side');
    expect(linesOf(text)).toContain('Sunnybrook Research Institute');
  });

  it('reads a DOCX page header, text box and footer (a plain-text converter drops them)', async () => {
    const header = await extractResumeText('docx', fixture('t11-docx-page-header-denver.docx'));
    expect(header.lines[0]).toMatchObject({ text: 'Hannah Greer', zone: 'header' });
    expect(header.lines[0]!.size).toBeGreaterThan(1.8);
    const box = await extractResumeText('docx', fixture('t12-docx-textbox-manchester.docx'));
    expect(box.lines.find((l) => l.text === 'Manchester M1 4BT')?.zone).toBe('box');
    const footer = await extractResumeText('docx', fixture('t20-docx-footer-toulouse.docx'));
    expect(footer.lines.at(-1)).toMatchObject({ zone: 'footer' });
    expect(footer.lines.at(-1)!.text).toContain('05 61 22 33 44');
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
