/**
 * Job postings in a page's data, whatever its shape: any JSON object or JavaScript object literal in an inline script
 * (a JSON block, `window.X = {…}`, an argument of `SomeWidget.render(el, {…})`, a `__NUXT__` function wrapper whose
 * values are passed as arguments), in a hidden input's value or in a data attribute. An object counts as a posting by
 * its keys (a title and at least two of location, company, employment, pay, skills, description — in the languages
 * the reader knows) and values; the page's own posting is then chosen by agreement with what the page shows (its
 * headings and title) and its address, never by a framework's name.
 */
import { parseExpressionAt, type Node as AcornNode } from 'acorn';
import { htmlToText, inlineText } from './html-text';
import { foldKey } from './page-scoring';
import { ownText, type PageIndex } from './page-index';
import { MAX_STATE_CHARS } from './page-prune';
import { findSalary, formatSalary, parseAmount } from './values';
import { KEYS, type PostingKey } from './page-vocabulary';

/** A posting found in the page's data, mapped to the reader's fields. */
export interface DataPosting {
  title: string;
  company: string;
  location: string;
  /** Employment words as the data gives them ('Fast', 'Heltid'); the reader maps them. */
  employment: string[];
  salary: string;
  skills: string[];
  description: string;
  /** Whether it stood in a list of several postings (other jobs, featured jobs). */
  inList: boolean;
  /** Identifier-like values (id, slug, url): one that appears in the page's address marks the page's own posting. */
  ids: string[];
}

type Json = unknown;
type JsonObject = Record<string, Json>;
const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const normaliseKey = (key: string) =>
  key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const KEY_SETS = Object.fromEntries(
  Object.entries(KEYS).map(([kind, words]) => [kind, new Set(words.map(normaliseKey))]),
) as Record<PostingKey, Set<string>>;

function kindOf(key: string): PostingKey | null {
  const k = normaliseKey(key);
  for (const [kind, set] of Object.entries(KEY_SETS) as [PostingKey, Set<string>][]) if (set.has(k)) return kind;
  return null;
}

const text = (v: Json): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** A name from a string or an object ({ name }, { navn }, { label }). */
function nameOf(v: Json): string {
  if (typeof v === 'string') return v;
  if (!isObject(v)) return '';
  for (const [key, value] of Object.entries(v)) if (kindOf(key) === 'name' && typeof value === 'string') return value;
  return '';
}

/** A place from a string, an object ({ city, region, country }, { by, land }) or a short list of them. */
function placeOf(v: Json, depth = 0): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v))
    return v.length <= 3
      ? v
          .map((p) => placeOf(p, depth + 1))
          .filter(Boolean)
          .join('; ')
      : '';
  if (!isObject(v) || depth > 3) return '';
  const parts: Record<string, string> = {};
  for (const [key, value] of Object.entries(v)) {
    const kind = kindOf(key);
    if (kind === 'city' || kind === 'region' || kind === 'country') parts[kind] ??= nameOf(value);
    else if (kind === 'location' || kind === 'address') parts.nested ??= placeOf(value, depth + 1);
  }
  const own = [parts.city, parts.region, parts.country].filter(Boolean).join(', ');
  const place = own || parts.nested || nameOf(v);
  const remote = Object.entries(v).some(([key, value]) => kindOf(key) === 'remote' && value === true);
  return remote ? ['Remote', place].filter(Boolean).join(', ') : place;
}

/** Pay from an object ({ min, max, currency, period } in any of the readers' languages) or a string. */
function payOf(v: Json, siblings: JsonObject): string {
  if (typeof v === 'string') return findSalary(`Salary: ${v}`);
  if (typeof v === 'number') return '';
  if (!isObject(v)) return '';
  const get = (kind: PostingKey) => Object.entries(v).find(([key]) => kindOf(key) === kind)?.[1];
  const min = parseAmount(get('min'));
  const max = parseAmount(get('max'));
  const nested = get('value');
  if (min === undefined && max === undefined && isObject(nested))
    return payOf({ ...nested, ...v, value: null }, siblings);
  if (min === undefined && max === undefined) return '';
  const currency = text(get('currency')) || text(siblings.currency);
  return formatSalary(min, max, currency.length === 3 ? currency : '', periodOf(text(get('period'))));
}

/** A period word in any of the readers' languages → YEAR | MONTH | HOUR | WEEK | DAY. */
function periodOf(word: string): string {
  const w = normaliseKey(word);
  for (const [unit, words] of PERIOD_KEYS) if (words.some((p) => w === p || w.startsWith(p))) return unit;
  return '';
}
const PERIOD_KEYS: [string, string[]][] = [
  [
    'YEAR',
    [
      'year',
      'annual',
      'annum',
      'yr',
      'jahr',
      'an',
      'annuel',
      'ano',
      'anual',
      'jaar',
      'anno',
      'annuo',
      'rok',
      'ar',
      'vuosi',
      'rocni',
      'pa',
    ],
  ],
  [
    'MONTH',
    [
      'month',
      'mo',
      'monat',
      'mois',
      'mensuel',
      'mes',
      'mensual',
      'maand',
      'mese',
      'mensile',
      'miesiac',
      'manad',
      'maned',
      'kuukausi',
      'kk',
      'mesic',
      'luna',
    ],
  ],
  ['HOUR', ['hour', 'hr', 'stunde', 'heure', 'hora', 'uur', 'ora', 'godzina', 'timme', 'time', 'tunti', 'hodina']],
  ['WEEK', ['week', 'woche', 'semaine', 'semana', 'settimana', 'tydzien', 'vecka', 'uge', 'uke', 'viikko']],
  ['DAY', ['day', 'daily', 'tag', 'jour', 'dia', 'dag', 'giorno', 'dzien', 'paiva']],
];

/** The fields of one object when its keys make it a posting; null otherwise. */
function postingOf(o: JsonObject, inList: boolean): DataPosting | null {
  const posting: DataPosting = {
    title: '',
    company: '',
    location: '',
    employment: [],
    salary: '',
    skills: [],
    description: '',
    inList,
    ids: [],
  };
  let weakTitle = '';
  const kinds = new Set<PostingKey>();
  const place: Record<string, string> = {};
  const flatPay: JsonObject = {};
  for (const [key, value] of Object.entries(o)) {
    const kind = kindOf(key);
    if (!kind) continue;
    kinds.add(kind);
    switch (kind) {
      case 'title':
        if (typeof value === 'string' && value.length <= 200) posting.title ||= inlineText(value);
        break;
      case 'name':
        if (typeof value === 'string' && value.length <= 200) weakTitle ||= inlineText(value);
        break;
      case 'company':
        posting.company ||= inlineText(nameOf(value));
        break;
      case 'location':
      case 'address':
        posting.location ||= inlineText(placeOf(value));
        break;
      case 'city':
      case 'region':
      case 'country':
        place[kind] ??= nameOf(value);
        break;
      case 'employment':
        if (typeof value === 'string' || (isObject(value) && nameOf(value))) posting.employment.push(nameOf(value));
        else if (Array.isArray(value)) posting.employment.push(...value.map(nameOf).filter(Boolean));
        break;
      case 'salary':
        posting.salary ||= payOf(value, o);
        break;
      case 'min':
      case 'max':
      case 'currency':
      case 'period':
        flatPay[kind] = value;
        break;
      case 'skills':
        if (Array.isArray(value)) posting.skills = value.map(nameOf).filter((s) => s && s.length <= 60);
        break;
      case 'description':
        if (typeof value === 'string' && value.length > 40) posting.description ||= value;
        break;
      case 'remote':
        if (value === true) place.remote = 'Remote';
        break;
      case 'id':
        if (typeof value === 'string' || typeof value === 'number') posting.ids.push(String(value));
        break;
      default:
        break;
    }
  }
  posting.title ||= weakTitle;
  if (!posting.location && place.city)
    posting.location = [place.city, place.region, place.country].filter(Boolean).join(', ');
  if (place.remote && !/^remote\b/i.test(posting.location))
    posting.location = ['Remote', posting.location].filter(Boolean).join(', ');
  if (!posting.salary && (flatPay.min !== undefined || flatPay.max !== undefined)) posting.salary = payOf(flatPay, o);
  const support = ['location', 'city', 'company', 'employment', 'salary', 'min', 'skills', 'description'].filter((k) =>
    kinds.has(k as PostingKey),
  ).length;
  if (!posting.title || posting.title.length < 2 || support < 2) return null;
  return posting;
}

/** Every posting-like object in a value, lists of several marked as such. */
function collect(value: Json, out: DataPosting[], inList = false, depth = 0) {
  if (depth > 14 || out.length > 200) return;
  if (Array.isArray(value)) {
    const several = value.filter(isObject).length > 1;
    for (const item of value.slice(0, 500)) collect(item, out, inList || several, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const posting = postingOf(value, inList);
  if (posting) out.push(posting);
  for (const child of Object.values(value))
    if (child && typeof child === 'object') collect(child, out, inList, depth + 1);
}

// ---- JavaScript object literals: evaluated from the syntax tree, never run. ----

type Scope = Map<string, Json>;
type Estree = AcornNode & Record<string, unknown>;

/** The value of a literal expression (objects, arrays, strings, numbers, !0, void 0, names bound in `scope`). */
function literal(node: Estree | null | undefined, scope: Scope, depth = 0): Json {
  if (!node || depth > 40) return undefined;
  switch (node.type) {
    case 'Literal':
      return node.value as Json;
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string } }[];
      return (node.expressions as unknown[]).length ? undefined : quasis.map((q) => q.value.cooked).join('');
    }
    case 'Identifier':
      return scope.get(node.name as string);
    case 'UnaryExpression': {
      const arg = literal(node.argument as Estree, scope, depth + 1);
      if (node.operator === '!') return !arg;
      if (node.operator === '-' && typeof arg === 'number') return -arg;
      return undefined;
    }
    case 'ArrayExpression':
      return (node.elements as Estree[]).map((el) => literal(el, scope, depth + 1));
    case 'ObjectExpression': {
      const out: JsonObject = {};
      for (const prop of node.properties as Estree[]) {
        if (prop.type !== 'Property' || prop.computed) continue;
        const key = prop.key as Estree;
        const name = key.type === 'Identifier' ? (key.name as string) : String(key.value);
        out[name] = literal(prop.value as Estree, scope, depth + 1);
      }
      return out;
    }
    case 'CallExpression': {
      // (function (a, b) { return {…} })(x, y): the returned literal with the parameters bound to the arguments.
      const callee = node.callee as Estree;
      if (callee.type !== 'FunctionExpression' && callee.type !== 'ArrowFunctionExpression') return undefined;
      const inner = new Map(scope);
      (callee.params as Estree[]).forEach((param, i) => {
        if (param.type === 'Identifier')
          inner.set(param.name as string, literal((node.arguments as Estree[])[i], scope, depth + 1));
      });
      const body = callee.body as Estree;
      if (body.type !== 'BlockStatement') return literal(body, inner, depth + 1);
      const ret = (body.body as Estree[]).find((s) => s.type === 'ReturnStatement');
      return literal(ret?.argument as Estree, inner, depth + 1);
    }
    default:
      return undefined;
  }
}

/** The data values of a script: each object literal that is assigned, passed to a call or wrapped in a function. */
function scriptValues(source: string): Json[] {
  const values: Json[] = [];
  // Each '{' or '(function' that starts an expression is tried; parsed expressions are skipped over whole.
  const starts = /[=(,:]\s*(\{|\[|\(?\s*function\s*\(|\(\s*\()/g;
  let from = 0;
  let tries = 0;
  for (let m = starts.exec(source); m && values.length < 50 && tries < 2000; m = starts.exec(source)) {
    tries++;
    const at = m.index + m[0].length - m[1]!.length;
    if (at < from) continue;
    try {
      const node = parseExpressionAt(source, at, { ecmaVersion: 'latest' }) as Estree;
      const value = literal(node, new Map());
      if (value && typeof value === 'object') values.push(value);
      from = node.end;
      starts.lastIndex = node.end;
    } catch {
      // Not an expression from here (or a syntax the reader does not evaluate): try the next start.
    }
  }
  return values;
}

const JSONISH = /^\s*[[{]/;

/** Whether a script may hold a posting: some key of a title followed by a colon (cheap test before parsing). */
const POSTING_HINT = new RegExp(`["']?(?:${[...KEYS.title, ...KEYS.name].join('|')})["']?\\s*:`, 'i');

/** Every posting in the page's data: scripts, hidden inputs and data attributes (JSON-LD is read elsewhere). */
export function dataPostings(page: PageIndex): DataPosting[] {
  const out: DataPosting[] = [];
  const read = (raw: string) => {
    if (!raw || raw.length > MAX_STATE_CHARS || !POSTING_HINT.test(raw)) return;
    if (JSONISH.test(raw)) {
      try {
        collect(JSON.parse(raw) as Json, out);
        return;
      } catch {
        // Not JSON: read as a script.
      }
    }
    for (const value of scriptValues(raw)) collect(value, out);
  };
  for (const el of page.tags('script')) {
    const type = (el.attribs.type ?? '').toLowerCase();
    if (el.attribs.src !== undefined || type.includes('ld+json')) continue;
    if (type && !/json|javascript|module|ecmascript/.test(type)) continue;
    read(ownText(el));
  }
  for (const el of page.elements) {
    const { attribs } = el;
    if (el.name === 'input' && attribs.type === 'hidden' && JSONISH.test(attribs.value ?? ''))
      read(attribs.value ?? '');
    for (const [name, value] of Object.entries(attribs))
      if (name.startsWith('data-') && value.length > 20 && JSONISH.test(value)) read(value);
  }
  return out;
}

/**
 * The page's own posting among those found: the one whose title the page shows (its headings, its title), or whose
 * id or slug is in the page's address; one standing alone is preferred to one in a list. null when none agrees with
 * the page and all stand in lists (a page listing jobs, or a list of other jobs).
 */
export function choosePosting(postings: DataPosting[], shown: string[], pageUrl: string): DataPosting | null {
  const shownKeys = shown.map(foldKey).filter(Boolean);
  const path = decodeURIComponent(new URL(pageUrl).pathname).toLowerCase();
  let best: DataPosting | null = null;
  let bestScore = 0;
  for (const posting of postings) {
    const title = foldKey(posting.title);
    let score = 0;
    if (shownKeys.includes(title)) score += 5;
    else if (title.length > 3 && shownKeys.some((s) => s.includes(title) || title.includes(s))) score += 3;
    if (posting.ids.some((id) => id.length >= 2 && path.includes(id.toLowerCase()))) score += 4;
    if (!posting.inList) score += 1.5;
    score += (posting.location ? 0.3 : 0) + (posting.salary ? 0.3 : 0) + (posting.company ? 0.2 : 0);
    if (score > bestScore) [best, bestScore] = [posting, score];
  }
  return best && bestScore >= 1.5 ? best : null;
}

/** A posting's description as text, for pages whose markup holds none. */
export function postingText(posting: DataPosting): string {
  return posting.description ? htmlToText(posting.description, { markHeadings: true }) : '';
}
