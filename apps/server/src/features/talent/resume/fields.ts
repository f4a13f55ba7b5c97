// Field extraction from a resume's lines in reading order (layout/types.ts), or from plain text: sections by their
// headings in twelve languages, contact details and the name chosen among candidates from every place they live
// (extract/evidence.ts), work history with date ranges in the usual formats and languages, skills against the
// shared vocabulary, industries against a healthcare-technology vocabulary. Pure functions, no I/O.
import { type ParsedResume } from '@referwell/shared';
import { linesFromText, type DocLine } from './layout/types';
import { sectionLines, tagLines, type Line } from './extract/sections';
import { findEmail, findLinkedin, findPhone, findPlace, findPortfolio } from './extract/contact';
import { EMAIL_RE } from './extract/shapes';
import { contactPlace } from './extract/evidence';
import { LANGUAGE_COUNTRIES, languageOfHeadings } from './extract/languages';
import { findHeadline, findName } from './extract/names';
import { cityCountry, formatPlace, type Place } from './extract/places';
import { readPhone } from './extract/phone';
import { explicitYears, parseWork, yearsFromWork } from './extract/work';
import { parseEducation } from './extract/education';
import { findIndustries, findSkills } from './extract/skills';

export interface ExtractOptions {
  /** Link annotations of the file (PDF) or hyperlink targets (DOCX): a LinkedIn or portfolio URL behind a label. */
  links?: string[];
  /** 'Present' in date ranges means this date (default: now). */
  now?: Date;
}

/** Countries the résumé points to, likeliest first: an international phone number, places it names, its language. */
function countryHints(lines: Line[], language: ReturnType<typeof languageOfHeadings>): string[] {
  const hints: string[] = [];
  for (const line of lines.filter((l) => contactPlace(l) >= 1).slice(0, 30)) {
    const m = /(?:\+|00)\d[\d\s().-]{6,18}\d/.exec(line.text);
    const country = m ? readPhone(m[0])?.country : null;
    if (country) hints.push(country);
  }
  // Without headings to tell, the product's own market: North America first, then the other English-speaking ones.
  hints.push(...LANGUAGE_COUNTRIES[language ?? 'en']);
  return [...new Set(hints)];
}

/** All profile fields from a resume's lines (or its plain text). */
export function extractFields(input: string | DocLine[], options: ExtractOptions = {}): ParsedResume {
  const now = options.now ?? new Date();
  const links = options.links ?? [];
  const { lines, headingLanguages } = tagLines(typeof input === 'string' ? linesFromText(input) : input);
  const language = languageOfHeadings(headingLanguages);
  const joined = lines.map((l) => l.text).join('\n');
  const contactText = lines
    .filter((l) => contactPlace(l) >= 2)
    .map((l) => l.text)
    .join('\n');

  const email = findEmail(lines);
  // The place first with the hints the page gives, then the phone read with the place's country, then the place's
  // country settled with the phone's when the place alone did not say.
  let hints = countryHints(lines, language);
  const firstPlace = findPlace(lines, hints, null);
  if (firstPlace?.country) hints = [firstPlace.country, ...hints.filter((c) => c !== firstPlace.country)];
  const phone = findPhone(lines, hints);
  if (phone?.country) hints = [...new Set([phone.country, ...hints])];
  const name = findName(lines, email);
  let place: Place | null = findPlace(lines, hints, name);
  if (place && !place.country && !place.region)
    place = { ...place, country: cityCountry(place.city, hints) ?? hints[0] ?? null };

  // A profile URL wrapped after '/in/' continues on the next line.
  const linkedin = findLinkedin(joined.replace(/(linkedin\.com\/in\/(?:[\w%]+-)*)\s*\n\s*/gi, '$1'), links);
  const portfolio = findPortfolio(contactText, joined, links);

  const summaryText = sectionLines(lines, 'summary')
    .join(' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const summary = summaryText ? summaryText.slice(0, 2000) : null;

  const experience = sectionLines(lines, 'experience');
  const work = parseWork(experience.length ? experience : sectionLines(lines, 'other'));
  const educationLines = sectionLines(lines, 'education');
  const education = parseEducation(educationLines.length ? educationLines : lines.map((l) => l.content));

  const titles: string[] = [];
  for (const t of [...findHeadline(lines, name), ...work.map((w) => w.title)]) {
    if (t && !titles.some((x) => x.toLowerCase() === t.toLowerCase())) titles.push(t);
  }

  const headerText = lines
    .filter((l) => l.section === 'header')
    .map((l) => l.text)
    .join('\n');
  const yearsOfExperience =
    explicitYears([summaryText, headerText].join('\n')) ?? yearsFromWork(work, now) ?? explicitYears(joined);

  const { skills, softwareTools } = findSkills(lines, { name, city: place?.city ?? null, titles });
  const industries = findIndustries(joined);

  return {
    name,
    email: email && EMAIL_RE.test(email) ? email : null,
    phone: phone?.display ?? null,
    location: place ? formatPlace(place) : null,
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
