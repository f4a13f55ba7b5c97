// Field extraction from a resume's plain text: contact details near the top, sections by their headings (any case),
// work history with date ranges in the usual formats, skills against the shared vocabulary, industries against a
// healthcare-technology vocabulary. Pure functions, no I/O.
// Each chapter of the pipeline lives in ./extract; this file puts them together.
import { type ParsedResume } from '@referwell/shared';
import { normaliseText, splitSections } from './extract/sections';
import { findEmail, findLinkedin, findLocation, findPhone, findPortfolio } from './extract/contact';
import { findHeadline, findName } from './extract/names';
import { explicitYears, parseWork, yearsFromWork } from './extract/work';
import { parseEducation } from './extract/education';
import { findIndustries, findSkills } from './extract/skills';

export interface ExtractOptions {
  /** Link annotations of the file (PDF): a LinkedIn or portfolio URL hidden behind a label. */
  links?: string[];
  /** 'Present' in date ranges means this date (default: now). */
  now?: Date;
}

/** All profile fields from a resume's text. */
export function extractFields(text: string, options: ExtractOptions = {}): ParsedResume {
  const now = options.now ?? new Date();
  const links = options.links ?? [];
  const lines = normaliseText(text);
  const sections = splitSections(lines);
  // The header is what comes before the first heading; when a resume starts with a heading, use the first lines.
  const header = sections.header.length ? sections.header : lines.slice(0, 6);
  const joined = lines.join('\n');

  const name = findName(header.length ? header : lines);
  const email = findEmail(header.join('\n')) ?? findEmail(joined);
  const phone = findPhone(header, lines);
  const location = findLocation(header, name);
  // A profile URL wrapped after '/in/' continues on the next line.
  const linkedin = findLinkedin(joined.replace(/(linkedin\.com\/in\/(?:[\w%]+-)*)\s*\n\s*/gi, '$1'), links);
  const portfolio = findPortfolio(header.join('\n'), joined, links);

  const summaryText = sections.summary
    .join(' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const summary = summaryText ? summaryText.slice(0, 2000) : null;

  const work = parseWork(sections.experience.length ? sections.experience : sections.other);
  const education = parseEducation(sections.education.length ? sections.education : lines);

  const titles: string[] = [];
  for (const t of [...findHeadline(header, name), ...work.map((w) => w.title)]) {
    if (t && !titles.some((x) => x.toLowerCase() === t.toLowerCase())) titles.push(t);
  }

  const yearsOfExperience =
    explicitYears([summaryText, ...header].join('\n')) ?? yearsFromWork(work, now) ?? explicitYears(joined);

  const { skills, softwareTools } = findSkills(joined, sections.skills);
  const industries = findIndustries(joined);

  return {
    name,
    email,
    phone,
    location,
    linkedin,
    portfolio,
    titles: titles.slice(0, 8),
    yearsOfExperience,
    skills,
    softwareTools,
    industries,
    summary,
    work,
    education,
  };
}
