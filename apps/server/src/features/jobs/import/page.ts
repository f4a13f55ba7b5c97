import { type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { type EmploymentType } from '@referwell/shared';
import { HEADING_MARK, inlineText, nodesToText, SKIPPED_TAGS } from './html-text';
import { type JsonLdGraph, type MappedJob, textValue } from './json-ld';
import { splitSections } from './sections';
import { cleanEmail, findSalary, parseDate, resolveUrl } from './values';

/** Page chrome that is never job content. */
const CHROME = 'nav, footer, aside, form, [role=navigation], [role=contentinfo], [aria-hidden=true], .cookie-banner';

const SECTION_HEADING =
  /\b(responsibilities|requirements|qualifications|what you['’]?ll do|what you will do|duties|what you bring)\b/i;

/** Lines read into their own fields (location, employment type), left out of the description. */
const LABEL_LINE = /^(?:job\s+|work\s+)?(?:location|employment\s+type|job\s+type)\s*:.{0,80}$/i;

const DEADLINE_LABEL =
  /\b(?:apply\s+by|application\s+deadline|deadline|closing\s+date|applications?\s+close[sd]?(?:\s+on)?)\s*[:\-–]?\s*([^\n]{6,40})/i;

const meta = ($: CheerioAPI, key: string) =>
  inlineText($(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content') ?? '');

const INLINE_TAGS = new Set(['b', 'strong', 'em', 'i', 'u', 'span', 'a', 'br']);

/** Whether an element is a short heading-like block naming a responsibilities or requirements section. */
function isSectionHeading($: CheerioAPI, el: Element): boolean {
  if (!/^(h[1-6]|b|strong|dt|p|div|span)$/.test(el.name)) return false;
  // Only blocks holding text and inline elements: keeps this cheap on deeply nested pages.
  if (el.children.some((c) => c.type === 'tag' && !INLINE_TAGS.has(c.name))) return false;
  const text = $(el).text().trim();
  return text.length > 0 && text.length <= 60 && SECTION_HEADING.test(text);
}

/** A memoised test for 'inside page chrome' (nav, footer, ...), linear in the page size overall. */
function chromeTest($: CheerioAPI): (el: Element) => boolean {
  const chrome = new Set($(CHROME).toArray());
  const memo = new Map<Element, boolean>();
  return (el) => {
    const chain: Element[] = [];
    let result = false;
    for (let node: Element | null = el; node; node = node.parent?.type === 'tag' ? node.parent : null) {
      const known = memo.get(node);
      if (known !== undefined) {
        result = known;
        break;
      }
      chain.push(node);
      if (chrome.has(node)) {
        result = true;
        break;
      }
    }
    for (const node of chain) memo.set(node, result);
    return result;
  };
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
function mainContent($: CheerioAPI, inChrome: (el: Element) => boolean): Cheerio<AnyNode> {
  for (const selector of ['[role=main]', 'main', 'article']) {
    const found = $(selector).first();
    if (found.length && found.text().trim().length > 200) return found;
  }
  const scores = new Map<Element, number>();
  $('p, li, h2, h3, h4, div').each((_, el) => {
    if (inChrome(el)) return;
    const own = el.children
      .map((c) => (c.type === 'text' ? c.data : ''))
      .join('')
      .trim().length;
    const length = el.name === 'div' ? own : $(el).text().trim().length;
    if (!length) return;
    const parent = el.name === 'div' ? el : el.parent?.type === 'tag' ? el.parent : null;
    const container = parent?.name === 'ul' || parent?.name === 'ol' ? parent.parent : parent;
    if (!container || container.type !== 'tag') return;
    scores.set(container, (scores.get(container) ?? 0) + length);
    const grand = container.parent;
    if (grand?.type === 'tag') scores.set(grand, (scores.get(grand) ?? 0) + length / 2);
  });
  let best: Element | undefined;
  let bestScore = 0;
  for (const [el, score] of scores) {
    if (score > bestScore) [best, bestScore] = [el, score];
  }
  const headings = $('h1, h2, h3, h4, h5, h6, b, strong, dt, p, div, span')
    .toArray()
    .filter((el) => isSectionHeading($, el) && !inChrome(el));
  if (best && headings.length >= 2) {
    const chains = headings.map(ancestors);
    const common = chains[0]?.find((a) => chains.every((chain) => chain.includes(a)));
    // Widen to the sections' common ancestor unless the best block already contains it.
    if (common && common.name !== 'body' && common.name !== 'html' && !ancestors(common).includes(best)) best = common;
  }
  return best ? $(best) : $('body').first();
}

/** Drops a trailing ' | Site', ' - Site' or ' at Site' from a page title. */
function stripSiteName(title: string, site: string): string {
  if (!site) return title;
  const escaped = site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return title.replace(new RegExp(`\\s*(?:[|\\-–—·:]|\\bat\\b)\\s*${escaped}\\s*$`, 'i'), '').trim() || title;
}

const TITLE_SEPARATOR = /\s+(?:[|\-–—·:]|at)\s+/;
const COMPANY_SEPARATOR = /\s+[|\-–—·]\s+/;

/** From '<Company> - <Job title>' page titles: the part that is also a heading on the page, and the rest. */
function splitPageTitle($: CheerioAPI, title: string): { title: string; company: string } | null {
  const parts = title.split(TITLE_SEPARATOR).map((p) => p.trim());
  if (parts.length !== 2) return null;
  const headings = new Set(
    $('h1, h2, h3')
      .toArray()
      .map((h) => inlineText($(h).text())),
  );
  const index = parts.findIndex((p) => headings.has(p));
  return index === -1 ? null : { title: parts[index] ?? '', company: parts[1 - index] ?? '' };
}

/** The company in '<Job title> | Careers at <Company>' page titles, when the job title is one of the parts. */
function companyFromPageTitle(pageTitle: string, title: string): string {
  const parts = pageTitle.split(COMPANY_SEPARATOR).map((p) => p.trim());
  const rest = parts.filter((p) => p && p !== title);
  if (rest.length !== 1 || rest.length === parts.length) return '';
  return (rest[0] ?? '')
    .replace(/^(?:careers|jobs|job openings|open positions)\s+(?:at|@|with)\s+/i, '')
    .replace(/\s+(?:careers|jobs)$/i, '')
    .trim();
}

const JOB_TYPE_WORDS: [RegExp, EmploymentType][] = [
  [/\bfull[\s-]?time\b/i, 'full-time'],
  [/\bpart[\s-]?time\b/i, 'part-time'],
  [/\b(?:internship|intern)\b/i, 'internship'],
  [/\bfreelance\b/i, 'freelance'],
  [/\b(?:contract(?:or)?|temporary)\b(?=[\s)-]*(?:role|position|basis|to[\s-]hire|\)|$))|\(contract\)/im, 'contract'],
];

function jobTypeOf(...texts: string[]): EmploymentType | '' {
  for (const text of texts) {
    for (const [pattern, type] of JOB_TYPE_WORDS) if (pattern.test(text)) return type;
  }
  return '';
}

/** 'Location: Boston, MA' (or a 'Location' label with its value on the next line), else 'Hybrid' / 'Remote'. */
function locationOf(text: string, title: string): string {
  const label = /^(?:job\s+|work\s+)?location\s*(?:[:\-–]\s*(.+)|\n(.+))$/im.exec(text);
  const labelled = (label?.[1] ?? label?.[2])?.trim();
  if (labelled) return labelled;
  const haystack = `${title}\n${text}`;
  if (/\bhybrid\b/i.test(haystack)) return 'Hybrid';
  if (/\b(?:fully\s+)?remote\b/i.test(haystack) && !/\bnot\s+(?:a\s+)?remote\b/i.test(haystack)) return 'Remote';
  return '';
}

/**
 * The job as read from the page itself, for pages without structured data. Returns null when there is no title or
 * the page does not look like a job posting (fewer than two job signals: responsibilities/requirements headings, a
 * salary, an apply link, an employment type, a location label, a mailto link).
 */
export function readPageJob($: CheerioAPI, pageUrl: string, graph: JsonLdGraph): MappedJob | null {
  const site = meta($, 'og:site_name') || meta($, 'application-name');
  let company = site || inlineText(textValue(graph.organizations[0]?.name));
  const pageTitle = inlineText($('title').first().text());
  const heading = meta($, 'og:title') || inlineText($('h1').first().text());
  const rawTitle = heading || pageTitle;
  let title = stripSiteName(rawTitle, company);
  const split = heading ? null : splitPageTitle($, rawTitle);
  if (split) {
    title = split.title;
    company ||= split.company;
  }
  if (!title) return null;
  company ||= companyFromPageTitle(pageTitle, title);

  const inChrome = chromeTest($);
  const skip = (el: Element) => SKIPPED_TAGS.has(el.name) || inChrome(el);
  const content = mainContent($, inChrome);
  const text = nodesToText(content.toArray(), { markHeadings: true, skip });
  // The page heading repeats the title, label lines are read into their own fields and 'Apply now' is a button:
  // leave them out of the description.
  const lines = text.split('\n').filter((line) => {
    const plain = line.replace(HEADING_MARK, '').trim();
    return (
      plain !== title &&
      plain !== rawTitle &&
      !LABEL_LINE.test(plain) &&
      !/^apply(?: now| here| for this job)?$/i.test(plain)
    );
  });
  const sections = splitSections(lines.join('\n'));
  const plainText = text.replaceAll(HEADING_MARK, '');
  // Job type and location often sit in the page header, outside the main content block.
  const pageText = nodesToText($('body').toArray(), { skip });

  const applyLink = content
    .find('a[href]')
    .add($('a[href]'))
    .filter((_, a) => /\bapply\b/i.test($(a).text()) && !/^(?:mailto|javascript):/i.test($(a).attr('href') ?? ''))
    .first()
    .attr('href');
  const mailto = content.find('a[href^="mailto:"]').add($('a[href^="mailto:"]')).first().attr('href');
  const salary_range = findSalary(plainText) || findSalary(pageText);
  const job_type = jobTypeOf(/(?:employment|job)\s+type\s*:\s*([^\n]+)/i.exec(pageText)?.[1] ?? '', title, pageText);
  const location = locationOf(pageText, title);

  const signals = [
    SECTION_HEADING.test(text) && (sections.responsibilities || sections.requirements),
    salary_range,
    applyLink,
    job_type,
    /^(?:job\s+|work\s+)?location\s*[:\-–]/im.test(pageText),
    mailto,
  ].filter(Boolean).length;
  if (signals < 2) return null;

  return {
    title,
    company,
    location,
    job_type,
    description: sections.description,
    responsibilities: sections.responsibilities,
    requirements: sections.requirements,
    salary_range,
    application_url: resolveUrl(applyLink, pageUrl) || resolveUrl(pageUrl, pageUrl),
    contact_email: cleanEmail(mailto),
    deadline: parseDate(DEADLINE_LABEL.exec(plainText)?.[1] ?? ''),
    skillsText: '',
  };
}
