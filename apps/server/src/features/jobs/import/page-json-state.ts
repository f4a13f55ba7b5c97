/**
 * Embedded page state (__NEXT_DATA__, window.__INITIAL_STATE__ and other JSON blobs single-page careers sites ship):
 * the job's title, company, location and employment type when its keys name them. Lists of other jobs
 * ('recommended', 'similar') are skipped.
 */
import { type Candidate, cleanCompany, readChip, readLabelled } from './page-evidence';
import { ownText, type PageIndex } from './page-index';
import { MAX_STATE_CHARS } from './page-prune';

const SKIP_KEYS = /similar|recommend|related|other|more|suggest|nav|footer|menu|cookie/i;
const COMPANY_KEYS =
  /^(?:company|companyname|company_name|organization|organizationname|employer|employername|hiringorganization|brand|tenantname)$/i;
const TITLE_KEYS = /^(?:title|jobtitle|job_title|postingtitle|name)$/i;
const LOCATION_KEYS =
  /^(?:location|locations|locationname|location_name|joblocation|worklocations|worklocation|city|formattedaddress|address)$/i;
const TYPE_KEYS = /^(?:employmenttype|employment_type|commitment|jobtype|job_type|timetype|worktype)$/i;
const MODE_KEYS = /^(?:locationtype|workplacetype|workplace_type|remotetype|workplace)$/i;
const JOBISH = /^(?:job|jobpost|jobposting|posting|position|vacancy|opening|requisition|offer)$/i;

/** A location object or list as text: { city, state, country } → 'Portland, OR, US'. */
function placeText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 1 ? placeText(value[0]) : '';
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name;
    const parts = [o.city ?? o.locality, o.state ?? o.region, o.country].filter((p) => typeof p === 'string');
    return parts.join(', ');
  }
  return '';
}

function nameOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    return (value as { name: string }).name;
  if (value && typeof value === 'object' && typeof (value as { label?: unknown }).label === 'string')
    return (value as { label: string }).label;
  return '';
}

function walk(value: unknown, out: Candidate[], path: string[], depth: number) {
  if (depth > 10 || !value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    // A list of many items is a list of jobs or options, not this job's data.
    if (value.length <= 2) value.forEach((v) => walk(v, out, path, depth + 1));
    return;
  }
  const o = value as Record<string, unknown>;
  const jobish =
    JOBISH.test(path.at(-1) ?? '') || Object.keys(o).some((k) => LOCATION_KEYS.test(k) || TYPE_KEYS.test(k));
  for (const [key, child] of Object.entries(o)) {
    if (SKIP_KEYS.test(key)) continue;
    if (COMPANY_KEYS.test(key)) {
      const company = cleanCompany(nameOf(child));
      if (company) out.push({ field: 'company', value: company, source: 'state', weight: 2.5 });
    } else if (jobish && TITLE_KEYS.test(key) && typeof child === 'string' && child.length <= 160) {
      out.push({ field: 'title', value: child.trim(), source: 'state', weight: key === 'name' ? 1.5 : 2 });
    } else if (jobish && LOCATION_KEYS.test(key)) {
      out.push(...readLabelled('location', placeText(child), 'state', 2));
    } else if (TYPE_KEYS.test(key)) {
      out.push(...readLabelled('job_type', nameOf(child).replace(/_/g, ' '), 'state', 2));
    } else if (MODE_KEYS.test(key)) {
      out.push(
        ...readChip(nameOf(child).toLowerCase().replace(/_/g, ' '), 'state', 2).filter((c) => c.field === 'mode'),
      );
    }
    if (child && typeof child === 'object') walk(child, out, [...path, key], depth + 1);
  }
}

/** JSON objects assigned in inline scripts or held in JSON script tags (JSON-LD is read elsewhere). */
export function jsonStateSources(page: PageIndex): Candidate[] {
  const out: Candidate[] = [];
  for (const el of page.tags('script')) {
    const type = (el.attribs.type ?? '').toLowerCase();
    if (el.attribs.src !== undefined || type === 'application/ld+json') continue;
    const text = ownText(el);
    if (!text || text.length > MAX_STATE_CHARS) continue;
    let json = '';
    if (type.includes('json')) json = text.trim();
    else {
      const m = /^\s*window\.[\w$]+\s*=\s*(\{[\s\S]*\})\s*;?\s*$/.exec(text);
      json = m?.[1] ?? '';
    }
    if (!json.startsWith('{')) continue;
    try {
      walk(JSON.parse(json), out, [], 0);
    } catch {
      // Not JSON (a script that only looked like an assignment).
    }
  }
  return out;
}
