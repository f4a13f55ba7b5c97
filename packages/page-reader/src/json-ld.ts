import { HEADING_MARK, htmlToText, inlineText, normaliseText } from './html-text';
import { ownText, type PageIndex } from './page-index';
import { splitSections } from './sections';
import type { ImportedJob } from './types';
import { cleanEmail, findSalary, formatSalary, mapEmploymentType, parseAmount, parseDate, resolveUrl } from './values';

export type JsonObject = Record<string, unknown>;

/** The imported fields of a JobPosting, before capping; `skillsText` is extra text for skill recognition. */
export type MappedJob = Omit<ImportedJob, 'skills'> & {
  skillsText: string;
  /** Skills the source lists as such (a posting's skills or tags): kept even when the vocabulary does not know them. */
  declaredSkills?: string[];
};

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a node's @type (a string or an array; 'JobPosting', 'schema:JobPosting', 'http://schema.org/JobPosting'). */
export function hasType(node: JsonObject, type: string): boolean {
  const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
  return types.some((t) => typeof t === 'string' && t.replace(/^.*[/:#]/, '') === type);
}

/** Parses a JSON-LD block, repairing the usual breakage (raw newlines in strings, trailing commas, comments). */
export function parseJsonLd(raw: string): unknown {
  const text = raw
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*(?:\/\/)?\s*<!\[CDATA\[|\/?\/?\s*\]\]>\s*$/g, '')
    .trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    try {
      // eslint-disable-next-line no-control-regex
      return JSON.parse(text.replace(/[\u0000-\u001f]+/g, ' ').replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

export interface JsonLdGraph {
  jobs: JsonObject[];
  organizations: JsonObject[];
  byId: Map<string, JsonObject>;
}

/** Every JobPosting (and Organization) in the page's JSON-LD blocks: objects, arrays, @graph and nested nodes. */
export function readJsonLd(page: PageIndex): JsonLdGraph {
  const graph: JsonLdGraph = { jobs: [], organizations: [], byId: new Map() };
  const visit = (value: unknown, depth: number) => {
    if (depth > 12) return;
    if (Array.isArray(value)) {
      value.forEach((v) => visit(v, depth + 1));
      return;
    }
    if (!isObject(value)) return;
    if (typeof value['@id'] === 'string' && Object.keys(value).length > 1 && !graph.byId.has(value['@id']))
      graph.byId.set(value['@id'], value);
    if (hasType(value, 'JobPosting')) graph.jobs.push(value);
    else if (hasType(value, 'Organization') || hasType(value, 'Corporation')) graph.organizations.push(value);
    for (const [key, child] of Object.entries(value)) if (key !== '@context') visit(child, depth + 1);
  };
  for (const el of page.tags('script')) if (/ld\+json/i.test(el.attribs.type ?? '')) visit(parseJsonLd(ownText(el)), 0);
  return graph;
}

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** A property's text: strings and numbers as they are, objects by name / @value / text. */
export function textValue(v: unknown): string {
  const value = first(v);
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isObject(value)) return textValue(value.name ?? value['@value'] ?? value.text ?? value.value);
  return '';
}

/** Maps a schema.org JobPosting (from JSON-LD, or microdata read into the same shape) to the imported fields. */
export function mapJobPosting(node: JsonObject, byId: Map<string, JsonObject>, pageUrl: string): MappedJob {
  const resolve = (v: unknown): unknown => {
    const value = first(v);
    return isObject(value) && typeof value['@id'] === 'string' ? (byId.get(value['@id']) ?? value) : value;
  };

  const title = inlineText(textValue(node.title) || textValue(node.name));
  const org = resolve(node.hiringOrganization);
  const company = inlineText(isObject(org) ? textValue(org.name) || textValue(org.legalName) : textValue(org));

  // Location: 'Remote' for telecommute jobs (with the applicant regions, if given), else 'City, Region, Country'.
  let location = '';
  const locationTypes = list(node.jobLocationType).map((t) => textValue(t).toUpperCase());
  if (locationTypes.includes('TELECOMMUTE')) {
    const regions = list(node.applicantLocationRequirements)
      .map((r) => inlineText(textValue(resolve(r))))
      .filter(Boolean);
    location = regions.length ? `Remote (${regions.join(', ')})` : 'Remote';
  } else {
    const places = list(node.jobLocation).map((p) => {
      const place = resolve(p);
      if (!isObject(place)) return inlineText(textValue(place));
      const address = resolve(place.address);
      if (!isObject(address)) return inlineText(textValue(address) || textValue(place.name));
      const parts = [address.addressLocality, address.addressRegion, address.addressCountry]
        .map((part) => inlineText(textValue(resolve(part))))
        .filter(Boolean);
      return [...new Set(parts)].join(', ') || inlineText(textValue(place.name));
    });
    location = [...new Set(places.filter(Boolean))].join('; ');
  }

  const job_type =
    list(node.employmentType)
      .map((t) => mapEmploymentType(textValue(t)))
      .find(Boolean) ?? '';

  // Description, split by its headings when the posting has no separate responsibilities/qualifications.
  const fullText = htmlToText(textValue(node.description), { markHeadings: true });
  const sections = splitSections(fullText);
  const propertyText = (v: unknown) =>
    list(v)
      .map((item) => htmlToText(textValue(item)))
      .filter(Boolean)
      .join('\n');
  const responsibilities = propertyText(node.responsibilities) || sections.responsibilities;
  const requirements =
    propertyText(node.qualifications) ||
    propertyText(node.experienceRequirements) ||
    sections.requirements ||
    propertyText(node.educationRequirements);
  const description = sections.description || normaliseText(fullText.replaceAll(HEADING_MARK, ''));

  // Salary: MonetaryAmount { currency, value: QuantitativeValue { minValue, maxValue | value, unitText } }.
  let salary_range = '';
  const pay = resolve(node.baseSalary ?? node.estimatedSalary);
  if (isObject(pay)) {
    const currency = textValue(pay.currency) || textValue(node.salaryCurrency);
    const value = resolve(pay.value);
    if (isObject(value)) {
      const exact = parseAmount(value.value);
      salary_range = formatSalary(
        parseAmount(value.minValue) ?? exact,
        parseAmount(value.maxValue) ?? exact,
        currency,
        textValue(value.unitText) || textValue(pay.unitText),
      );
    } else {
      const amount = parseAmount(value);
      salary_range = formatSalary(amount, amount, currency, textValue(pay.unitText));
    }
  } else if (typeof pay === 'string' || typeof pay === 'number') {
    salary_range = findSalary(String(pay)) || inlineText(String(pay));
  }
  salary_range ||= findSalary(fullText);

  // Where to apply: a directApply URL, an ApplyAction target, the posting's url, else the page itself.
  const action = list(node.potentialAction)
    .map(resolve)
    .find((a) => isObject(a) && hasType(a, 'ApplyAction'));
  const target = isObject(action) ? resolve(action.target) : undefined;
  const application_url =
    resolveUrl(node.directApply, pageUrl) ||
    resolveUrl(isObject(target) ? textValue(target.urlTemplate) || textValue(target.url) : target, pageUrl) ||
    resolveUrl(textValue(node.url), pageUrl) ||
    resolveUrl(pageUrl, pageUrl);

  const contact = resolve(node.applicationContact);
  const contact_email =
    (isObject(contact) ? cleanEmail(textValue(contact.email)) : '') ||
    cleanEmail(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(fullText)?.[0]);

  return {
    title,
    company,
    location,
    job_type,
    description,
    responsibilities,
    requirements,
    salary_range,
    application_url,
    contact_email,
    deadline: parseDate(textValue(node.validThrough)),
    skillsText: list(node.skills)
      .map((s) => htmlToText(textValue(resolve(s))))
      .join('\n'),
  };
}
