// Resume field extraction, sections: every line tagged with the section it belongs to, from headings in twelve
// languages (any case, letter-spaced, or inline as 'Skills: …'). A sidebar keeps its own sections apart from the
// main column's; page headers, footers and text boxes count as contact areas unless they carry a heading.
import type { DocLine } from '../layout/types';
import { headingKey, isDocumentTitle, lookupHeading, type Language, type SectionKind } from './languages';

export type SectionName = 'header' | SectionKind;

export interface Line extends DocLine {
  /** Position in reading order. */
  index: number;
  section: SectionName;
  /** The line is a section heading (its own section is the one it starts). */
  heading: boolean;
  /** The line is the document's title ('CURRICULUM VITAE', 'Lebenslauf'). */
  docTitle: boolean;
  /** The text without an inline heading ('Skills: Python, SQL' → 'Python, SQL'). */
  content: string;
  /** An inline list of skills inside another section ('Tech stack: Go, Kafka' under a job). */
  skillList?: boolean;
}

export const BULLET = /^[\s]*[•·▪■●◦‣○►▸*–—-]\s*/u;

/** The section kind a heading line starts ('EXPERIENCE', 'Work History:', 'S K I L L S', 'Berufserfahrung'). */
export function headingOf(line: string): SectionKind | null {
  if (/[.!?]$/.test(line.trim()) || headingKey(line).split(' ').length > 6) return null;
  return lookupHeading(line)?.kind ?? null;
}

/** 'Skills: Python, SQL' → the skills heading with its content. */
function inlineHeading(line: string): { kind: SectionKind; rest: string } | null {
  const m = /^([\p{L} &/-]{3,40}?)\s*[:|–—]\s*(.+)$/u.exec(line);
  if (!m) return null;
  const kind = lookupHeading(m[1]!)?.kind;
  return kind ? { kind, rest: m[2]!.trim() } : null;
}

/** Normalised text: spaces, zero-width characters. */
export const cleanText = (text: string) =>
  text
    .replace(/[\u00a0\u2007\u202f\t]/g, ' ')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/ {3,}/g, '  ')
    .trim();

/** Sections a labelled list of skills may sit in without ending them. */
const INLINE_LIST_SECTIONS = new Set<SectionName>(['experience', 'education', 'summary', 'other']);

const streamOf = (line: DocLine) =>
  line.zone === 'side' ? 'side' : line.zone === 'body' ? 'body' : `${line.zone}:${line.block}`;

/** Tags every line with its section; returns the languages of the headings found too. */
export function tagLines(docLines: DocLine[]): { lines: Line[]; headingLanguages: { langs: Language[] }[] } {
  const current = new Map<string, SectionName>();
  const headingLanguages: { langs: Language[] }[] = [];
  const lines: Line[] = [];
  let seenText = 0;
  for (const doc of docLines) {
    const text = cleanText(doc.text);
    if (!text) continue;
    const stream = streamOf(doc);
    const start: SectionName = doc.zone === 'body' || doc.zone === 'side' ? 'header' : 'contact';
    const base = { ...doc, text, index: lines.length, heading: false, docTitle: false, content: text };
    // A document title before the name is not the 'Résumé' (summary) heading.
    if (seenText < 3 && isDocumentTitle(text)) {
      lines.push({ ...base, section: current.get(stream) ?? start, docTitle: true });
      seenText++;
      continue;
    }
    seenText++;
    // One cell, or a letter-spaced heading whose word gap reads as a cell gap ('K E Y  S K I L L S').
    const heading = doc.cells.length === 1 || /^(?:\S {1,3})+\S$/u.test(text) ? lookupHeading(text) : null;
    if (heading && headingOf(text)) {
      current.set(stream, heading.kind);
      headingLanguages.push(heading);
      lines.push({ ...base, section: heading.kind, heading: true });
      continue;
    }
    const inline = inlineHeading(text);
    // Inside a skills section, 'Languages: Go, Java' or 'Tools: Jira' names a group of skills, not a new section;
    // under a job, a degree, a summary or a project, 'Tech stack: Go, Kafka' lists the skills used there and the
    // section goes on.
    const here = current.get(stream) ?? start;
    const inSkills = here === 'skills' && inline && inline.kind !== 'experience' && inline.kind !== 'education';
    if (inline?.kind === 'skills' && INLINE_LIST_SECTIONS.has(here)) {
      lines.push({ ...base, section: here, content: inline.rest, skillList: true });
      continue;
    }
    if (inline && !inSkills && (inline.kind !== 'other' || here !== 'header')) {
      current.set(stream, inline.kind);
      lines.push({ ...base, section: inline.kind, content: inline.rest });
      continue;
    }
    lines.push({ ...base, section: current.get(stream) ?? start });
  }
  return { lines, headingLanguages };
}

/** The content of a section's lines (headings left out; a job's inline skills list reads as one of its bullets). */
export const sectionLines = (lines: Line[], section: SectionName) =>
  lines.filter((l) => l.section === section && !l.heading).map((l) => (l.skillList ? `• ${l.text}` : l.content));
