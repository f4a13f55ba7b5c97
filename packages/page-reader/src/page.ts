import type { Element, ParentNode } from 'domhandler';
import { parseSalary } from '@referwell/shared';
import { HEADING_MARK, insideAnyOf, nodesToText, SKIPPED_TAGS } from './html-text';
import { type JsonLdGraph, type MappedJob, textValue } from './json-ld';
import {
  type Candidate,
  cleanCompany,
  clientsIn,
  employmentTypesOf,
  labelField,
  readChip,
  readLabelled,
} from './page-evidence';
import { allText, ownText, type PageIndex } from './page-index';
import { type DataPosting, postingText } from './page-postings';
import {
  chooseCompany,
  chooseJobType,
  chooseLocation,
  chooseSalary,
  chooseTitle,
  type Choice,
  cleanTitleString,
  foldKey,
} from './page-scoring';
import {
  chipSources,
  classHintSources,
  footerSources,
  headingSources,
  labelLines,
  labelSources,
  logoSources,
  MAX_TEXT_CHARS,
  metaSources,
  titleStrings,
  visibleText,
} from './page-sources';
import { APPLY_WORDS, CAREERS_PREFIX, CAREERS_SUFFIX, JOB_SECTION_WORDS } from './page-vocabulary';
import { splitSections } from './sections';
import { cleanEmail, findSalary, formatSalary, parseDate, resolveUrl } from './values';
import { findPay } from './salary';

/** Page chrome that is never job content: nav, footer, aside, form, their roles, hidden blocks, cookie banners. */
const CHROME_TAGS = new Set(['nav', 'footer', 'aside', 'form']);
const isChrome = ({ name, attribs }: Element) =>
  CHROME_TAGS.has(name) ||
  attribs.role === 'navigation' ||
  attribs.role === 'contentinfo' ||
  attribs['aria-hidden'] === 'true' ||
  /(?:^|\s)cookie-banner(?:\s|$)/.test(attribs.class ?? '');

const SECTION_HEADING =
  /\b(responsibilities|requirements|qualifications|what you['’]?ll do|what you will do|duties|what you bring)\b/i;

/** Lines read into their own fields (location, employment type), left out of the description. */
const LABEL_LINE = /^(?:job\s+|work\s+)?(?:location|employment\s+type|job\s+type)\s*:.{0,80}$/i;

const DEADLINE_LABEL =
  /\b(?:apply\s+by|application\s+deadline|deadline|closing\s+date|applications?\s+close[sd]?(?:\s+on)?)\s*[:\-–]?\s*([^\n]{6,40})/i;

const INLINE_TAGS = new Set(['b', 'strong', 'em', 'i', 'u', 'span', 'a', 'br']);

/** Whether an element is a short heading-like block naming a responsibilities or requirements section. */
function isSectionHeading(page: PageIndex, el: Element): boolean {
  if (!/^(h[1-6]|b|strong|dt|p|div|span)$/.test(el.name)) return false;
  // Only blocks holding text and inline elements: keeps this cheap on deeply nested pages.
  if (el.children.some((c) => c.type === 'tag' && !INLINE_TAGS.has(c.name))) return false;
  const text = page.text(el).trim();
  return text.length > 0 && text.length <= 60 && SECTION_HEADING.test(text);
}

/** A memoised test for 'inside page chrome' (nav, footer, ...), linear in the page size overall. */
function chromeTest(page: PageIndex): (el: Element) => boolean {
  return insideAnyOf(new Set(page.elements.filter(isChrome)));
}

function ancestors(el: Element): Element[] {
  const chain: Element[] = [];
  for (let node = el.parent; node && node.type === 'tag'; node = node.parent) chain.push(node);
  return chain;
}

/**
 * The main content block: <main>, <article> or [role=main] when substantial; else the element holding the most
 * paragraph text, widened to the common ancestor of the page's responsibilities/requirements headings (job pages often
 * put each section in its own box).
 */
function mainContent(page: PageIndex, inChrome: (el: Element) => boolean): ParentNode {
  const landmarks = [
    page.elements.find((el) => el.attribs.role === 'main'),
    page.tags('main')[0],
    page.tags('article')[0],
  ];
  const landmark = landmarks.find((el) => el && page.text(el).trim().length > 200);
  if (landmark) return landmark;
  const scores = new Map<Element, number>();
  for (const el of page.keptTags('p', 'li', 'h2', 'h3', 'h4', 'div')) {
    if (inChrome(el)) continue;
    // A div counts only its own text (its paragraphs count themselves); other blocks all of theirs.
    const length = el.name === 'div' ? ownText(el).trim().length : page.text(el).trim().length;
    if (!length) continue;
    const parent = el.name === 'div' ? el : el.parent?.type === 'tag' ? el.parent : null;
    const container = parent?.name === 'ul' || parent?.name === 'ol' ? parent.parent : parent;
    if (!container || container.type !== 'tag') continue;
    scores.set(container, (scores.get(container) ?? 0) + length);
    const grand = container.parent;
    if (grand?.type === 'tag') scores.set(grand, (scores.get(grand) ?? 0) + length / 2);
  }
  let best: Element | undefined;
  let bestScore = 0;
  for (const [el, score] of scores) {
    if (score > bestScore) [best, bestScore] = [el, score];
  }
  const headings = page
    .keptTags('h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'b', 'strong', 'dt', 'p', 'div', 'span')
    .filter((el) => isSectionHeading(page, el) && !inChrome(el));
  if (best && headings.length >= 2) {
    const chains = headings.map(ancestors);
    const common = chains[0]?.find((a) => chains.every((chain) => chain.includes(a)));
    // Widen to the sections' common ancestor unless the best block already contains it.
    if (common && common.name !== 'body' && common.name !== 'html' && !ancestors(common).includes(best)) best = common;
  }
  return best ?? page.tags('body')[0] ?? page.root;
}

/** The fields read by weighing evidence, with how sure the reader is of each. */
export type PageConfidence = Record<'title' | 'company' | 'location' | 'job_type' | 'salary_range', number>;

/** Company readings from page titles: 'Careers at X' parts surely, other parts that are not a heading weakly. */
function titlePartCompanies(strings: { text: string }[], headings: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  for (const { text } of strings) {
    const parts = text.split(/\s+[|·–—-]\s+|\s*\|\s*|\s+(?:at|bei|chez)\s+/).map((p) => p.trim());
    if (parts.length < 2) continue;
    for (const part of parts) {
      if (headings.has(part.toLowerCase())) continue;
      const careers = CAREERS_PREFIX.test(part) || CAREERS_SUFFIX.test(part);
      const company = cleanCompany(part);
      if (company && company.split(/\s+/).length <= 6)
        out.push({
          field: 'company',
          value: company,
          source: careers ? 'title-careers' : 'title-part',
          weight: careers ? 2.5 : 1,
        });
    }
  }
  return out;
}

/** How far into the page text sentences are read for employment words. */
const PROSE_TERMS_CHARS = 20_000;

/** Employment words in prose: 'This is a full-time role', 'a 6-month contract', 'Full-time, exempt.' */
function proseJobTypes(text: string): Candidate[] {
  const out: Candidate[] = [];
  const pattern =
    /\b(?:is an?|this is an?|this|for this|as an?)\s+((?:[\w-]+\s){0,2}?[\w-]+)\s+(?:role|position|job|contract|engagement|opportunity|assignment)\b|(?:^|[.!]\s+)((?:full|part)[\s-]time)[,.]/gim;
  for (const m of text.matchAll(pattern))
    for (const type of employmentTypesOf(m[0]))
      out.push({ field: 'job_type', value: type, source: 'prose', weight: 1.5 });
  // Short sentences that are only employment words: 'Vollzeit, unbefristet.', 'Fulltime (36 uur).'; longer ones
  // in any language ('Tjänsten är en tillsvidareanställning på heltid') count less.
  for (const sentence of text.split(/[.!?\n]\s*/))
    if (sentence.length <= 40)
      for (const type of employmentTypesOf(sentence))
        out.push({ field: 'job_type', value: type, source: 'prose-short', weight: 1 });
  // A posting states its terms near its top: longer sentences are read in its first PROSE_TERMS_CHARS only.
  for (const sentence of text.slice(0, PROSE_TERMS_CHARS).split(/[.!?\n]\s*/))
    if (sentence.length > 40 && sentence.length <= 240)
      for (const type of employmentTypesOf(sentence))
        out.push({ field: 'job_type', value: type, source: 'prose-sentence', weight: 0.75 });
  return out;
}

/** 'based at our Omaha, NE headquarters', 'located in Denver, CO'. */
function proseLocations(text: string): Candidate[] {
  const out: Candidate[] = [];
  const pattern =
    /\b(?:based (?:in|at|out of)(?: our)?|located in|office in|on[\s-]?site in|work from our)\s+((?:[\p{Lu}][\p{L}.'-]+\s?){1,3},\s*[A-Z]{2})\b/gu;
  for (const m of text.matchAll(pattern)) {
    const candidates = readChip(m[1] ?? '', 'prose', 1.5).filter((c) => c.field === 'location');
    out.push(...candidates);
  }
  return out;
}

/**
 * The chosen pay as the page's own text states it around the same amounts: a range read from a chip without its
 * period ('20 000 - 26 000 PLN' beside '/ mies.') takes the period, and a B2B range gives way to the employment
 * contract's, kept after it.
 */
function refineSalary(choice: Choice, text: string): Choice {
  const chosen = parseSalary(choice.value);
  if (!chosen) return choice;
  const found = findPay(text);
  const same = found.find(
    (p) => p.min === chosen.min && p.max === chosen.max && (!chosen.currency || p.currency === chosen.currency),
  );
  if (!same) return choice;
  const primary =
    same.contract === 'b2b'
      ? (found.find((p) => p.contract === 'employment' && p.currency === same.currency) ?? same)
      : same;
  const b2b =
    primary !== same
      ? same
      : primary.contract !== 'b2b'
        ? found.find((p) => p.contract === 'b2b' && p.currency === primary.currency && p.score > 1)
        : undefined;
  const value = formatSalary(primary.min, primary.max, primary.currency, primary.unit);
  const both = b2b ? `${value}; B2B: ${formatSalary(b2b.min, b2b.max, b2b.currency, b2b.unit)}` : value;
  return { value: both.length <= 120 ? both : value, score: choice.score };
}

/** Every candidate for the header fields, from every source on the page. */
function collect(page: PageIndex, pageText: string) {
  const { candidates: headings, heading } = headingSources(page);
  const strings = titleStrings(page);
  const headingSet = new Set(headings.map((h) => h.value.toLowerCase()));
  const candidates: Candidate[] = [
    ...metaSources(page),
    ...headings,
    ...labelSources(page),
    ...labelLines(pageText),
    ...classHintSources(page),
    ...chipSources(page, heading),
    ...logoSources(page),
    ...footerSources(page),
    ...titlePartCompanies(strings, headingSet),
    ...proseJobTypes(pageText),
    ...proseLocations(pageText),
    ...clientsIn(pageText).map((value): Candidate => ({ field: 'company', value, source: 'client', weight: 4 })),
  ];
  return { candidates, strings };
}

export interface PageReading {
  job: MappedJob;
  confidence: PageConfidence;
  /** How many signs of a job posting the page shows (sections, pay, apply control, employment type, place, e-mail). */
  signals: number;
}

/** A posting found in the page's data, as evidence: trusted like a label, more when the page agrees. */
function dataCandidates(posting: DataPosting | null): Candidate[] {
  if (!posting) return [];
  const out: Candidate[] = [];
  const add = (field: Candidate['field'], value: string, weight = 4) => {
    if (value) out.push({ field, value, source: 'data', weight });
  };
  add('title', posting.title, 4.5);
  add('company', cleanCompany(posting.company));
  for (const c of readLabelled('location', posting.location, 'data', 4)) out.push(c);
  const types = posting.employment.flatMap((word) => employmentTypesOf(word.replace(/_/g, ' ')));
  const chosen = SPECIFIC_FIRST.find((type) => types.includes(type));
  if (chosen) add('job_type', chosen);
  add('salary_range', posting.salary);
  return out;
}
const SPECIFIC_FIRST = ['internship', 'freelance', 'contract', 'part-time', 'full-time'] as const;

/**
 * The job as read from the page itself, for pages without structured data: candidate values for each field from
 * every source (meta tags, page title, headings, labels, chips, embedded state, logo, footer), weighed and chosen
 * per field (page-scoring.ts), and the main content split into description / responsibilities / requirements.
 * Returns null only when there is no title; how much the page looks like a posting is told by `signals`.
 */
export function readPage(
  page: PageIndex,
  pageUrl: string,
  graph: JsonLdGraph,
  posting: DataPosting | null = null,
): PageReading | null {
  const pageText = visibleText(page);
  const { candidates, strings } = collect(page, pageText);
  candidates.push(...dataCandidates(posting));
  const organization = cleanCompany(textValue(graph.organizations[0]?.name));
  if (organization) candidates.push({ field: 'company', value: organization, source: 'organization', weight: 2 });

  const company = chooseCompany(candidates, pageText);
  // What page titles may be cut of: the chosen company and names read outside the titles themselves.
  const companies = new Set(
    [company.value, ...candidates.filter((c) => c.field === 'company' && c.source !== 'title-part').map((c) => c.value)]
      .filter(Boolean)
      .map(foldKey),
  );
  for (const { text, source, weight } of strings) {
    const cleaned = cleanTitleString(text, companies);
    if (cleaned) candidates.push({ field: 'title', value: cleaned, source, weight });
  }
  const titleChoice = chooseTitle(candidates, companies);
  const title = titleChoice.value;
  if (!title) return null;
  for (const type of employmentTypesOf(title))
    candidates.push({ field: 'job_type', value: type, source: 'title', weight: 1 });

  const inChrome = chromeTest(page);
  const skip = (el: Element) => SKIPPED_TAGS.has(el.name) || inChrome(el);
  const content = mainContent(page, inChrome);
  const shown = nodesToText([content], { markHeadings: true, skip, maxChars: MAX_TEXT_CHARS });
  const fromData = posting ? postingText(posting) : '';
  // An app shell shows little of the posting: its data holds the text.
  const text = fromData.length > shown.length ? fromData : shown;
  // The page heading repeats the title, label lines are read into their own fields and 'Apply now' is a button:
  // leave them out of the description.
  const lines = text.split('\n').filter((line) => {
    const plain = line.replace(HEADING_MARK, '').trim();
    const label = /^(?:- )?([^:：]{2,40})\s*[:：]\s*\S.{0,80}$/.exec(plain)?.[1];
    const field = label === undefined ? null : labelField(label);
    const labelled = LABEL_LINE.test(plain) || field === 'location' || field === 'job_type';
    return plain !== title && !labelled && !(plain.length <= 30 && APPLY_WORDS.test(plain));
  });
  const sections = splitSections(lines.join('\n'));
  const plainText = text.replaceAll(HEADING_MARK, '');
  const proseSalary = findSalary(plainText) || findSalary(pageText);
  if (proseSalary) candidates.push({ field: 'salary_range', value: proseSalary, source: 'prose', weight: 1 });

  const links = page.tags('a').filter((a) => a.attribs.href !== undefined);
  const applyLink = links.find(
    (a) => !/^(?:mailto|javascript):/i.test(a.attribs.href ?? '') && APPLY_WORDS.test(allText(a)),
  )?.attribs.href;
  const applyButton = page
    .tags('button', 'a', 'input')
    .some((el) =>
      el.name === 'input'
        ? el.attribs.type === 'submit' && APPLY_WORDS.test(el.attribs.value ?? '')
        : APPLY_WORDS.test(allText(el)),
    );
  const mailto = links.find((a) => a.attribs.href?.startsWith('mailto:'))?.attribs.href;
  const choices: Record<keyof PageConfidence, Choice> = {
    title: titleChoice,
    company,
    location: chooseLocation(candidates),
    job_type: chooseJobType(candidates),
    salary_range: refineSalary(chooseSalary(candidates), `${plainText.slice(0, 40_000)}\n${pageText.slice(0, 40_000)}`),
  };

  const signals = [
    JOB_SECTION_WORDS.test(pageText) || SECTION_HEADING.test(text),
    choices.salary_range.value,
    applyLink || applyButton,
    choices.job_type.value,
    candidates.some((c) => (c.field === 'location' || c.field === 'mode') && c.weight >= 1.5 && c.source !== 'prose'),
    mailto,
    posting,
  ].filter(Boolean).length;

  const confidence = Object.fromEntries(
    Object.entries(choices).map(([field, choice]) => [field, choice.value ? choice.score : 0]),
  ) as PageConfidence;
  return {
    job: {
      title,
      company: company.value,
      location: choices.location.value,
      job_type: choices.job_type.value,
      description: sections.description,
      responsibilities: sections.responsibilities,
      requirements: sections.requirements,
      salary_range: choices.salary_range.value,
      application_url: resolveUrl(applyLink, pageUrl) || resolveUrl(pageUrl, pageUrl),
      contact_email: cleanEmail(mailto),
      deadline: parseDate(DEADLINE_LABEL.exec(plainText)?.[1] ?? ''),
      skillsText: '',
      declaredSkills: posting?.skills ?? [],
    },
    confidence,
    signals,
  };
}
