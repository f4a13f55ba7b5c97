import { ANY_POSTCODE } from '@referwell/shared';
import { isCity, isCountry, isRegion } from './page-places';
import { WORK_MODES } from './page-vocabulary';

const fold = (s: string) => s.toLowerCase().trim();

const MODE_WORDS = new Map<string, string>(WORK_MODES.flatMap(([mode, words]) => words.map((w) => [w, mode])));

/** 'Remote' or 'Hybrid' when a text is (or starts with) a work-mode word, else ''. */
export function workModeOf(text: string): string {
  const t = fold(text);
  for (const [word, mode] of MODE_WORDS) {
    if (t === word || t.startsWith(`${word} `) || t.startsWith(`${word},`) || t.startsWith(`${word}(`)) return mode;
    if (new RegExp(`(?:^|[\\s(·|,–-])${word.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')}(?:$|[\\s)·|,–-])`).test(t))
      return mode;
  }
  return '';
}

/** 'US-MA-Boston' / 'United States-Texas-Houston' / 'España-Valencia-Valencia' → 'City, Region, Country'. */
function fromCode(text: string): string | null {
  const parts = text.split(/\s*-\s*/).map((p) => p.trim());
  if (parts.length !== 3 || !parts.every((p) => /^[\p{L} .'’]+$/u.test(p) && p.length > 0)) return null;
  const [country, region, city] = parts as [string, string, string];
  if (!isCountry(country)) return null;
  return `${city}, ${region}, ${country}`;
}

/**
 * Cleans one location value as read off a page into 'City, Region, Country' (the parts the page gives) or a work
 * mode with its place: 'Minneapolis, MN, US, 55401' → 'Minneapolis, MN, US'; 'US-MA-Boston' → 'Boston, MA, US';
 * 'Remote - United States' → 'Remote, United States'; 'Lyon (69)' → 'Lyon'; 'Hybrid · Atlanta, GA' →
 * 'Hybrid, Atlanta, GA'. Returns '' for text that is not a place.
 */
export function normaliseLocation(raw: string): string {
  const several = raw.split(/\s*;\s*|\s+(?:or|oder|ou|o|of|lub|albo|oppure|eller|tai|nebo|sau|vagy)\s+/i);
  if (several.length > 1 && several.length <= 5) {
    const places = several.map(normaliseOne).filter(Boolean);
    // 'Helsinki or remote': the work mode belongs to the place, not a place of its own.
    const modes = places.filter((p) => MODE_WORDS.has(fold(p)));
    const rest = places.filter((p) => !MODE_WORDS.has(fold(p)));
    if (modes.length && rest.length) return `${modes[0]}, ${rest.join('; ')}`;
    return places.join('; ');
  }
  return normaliseOne(raw);
}

/** Words that make a place an office rather than a town ('London Office', 'Riverbend Corporate Office'). */
const OFFICE =
  /\s+(?:corporate\s+)?(?:office|offices|campus|hq|headquarters|site|building|kontor|büro|buero|bureau|oficina|kantoor|ufficio|biuro|toimisto|escritório)$/i;
/** Street words of the readers' languages that start an address part ('ul. Kunickiego', 'Via Roma'). */
const STREET_START =
  /^(?:ul\.|al\.|os\.|pl\.|via|viale|piazza|corso|rua|avenida|av\.|calle|c\/|paseo|rue|bd|boulevard|chemin|route)\s/i;

/**
 * An address reduced to its place: street parts (with a house number, or led by a street word) dropped, postcodes
 * removed, office names cut to their town ('ul. Kunickiego 2, 20-001 Lublin' → 'Lublin'; '1 Finsbury Avenue,
 * London EC2M 2PF' → 'London'; 'Riverbend Corporate Office, 2200 River Rd, Sacramento, CA 95815' → 'Sacramento, CA').
 */
function placeOfAddress(raw: string): string {
  const text = raw.replace(/\s*\(\s*\d+\s*\)/g, '');
  const parts = text.split(/\s*,\s*/);
  if (parts.length === 1 && !/\d/.test(text) && !OFFICE.test(text)) return text;
  const kept: string[] = [];
  for (const part of parts) {
    const trimmed = part.trim();
    const withoutCode = trimmed.replace(ANY_POSTCODE, ' ').replace(/\s+/g, ' ').trim();
    if (!withoutCode || STREET_START.test(trimmed)) continue;
    if (/\d/.test(trimmed)) {
      // A part with numbers is a street unless what is left is a town or a region ('20-001 Lublin', 'Praha 5',
      // '2100 København Ø', 'CA 95815'); '2200 River Rd' and 'Hardturmstrasse 101' are streets.
      const town = townName(withoutCode.replace(/\s+\d{1,2}$/, ''));
      if (town) kept.push(town);
      else if (!/\d/.test(withoutCode) && isRegion(withoutCode)) kept.push(withoutCode);
      continue;
    }
    const office = OFFICE.exec(withoutCode);
    if (office) {
      const town = withoutCode.slice(0, office.index).trim();
      if (isCity(town)) kept.push(town);
      continue;
    }
    kept.push(withoutCode);
  }
  return kept.join(', ');
}

/** The town a text names, without a district letter ('København Ø' → 'København'), or ''. */
function townName(text: string): string {
  const t = text.trim();
  if (!t || /\d/.test(t)) return '';
  if (isCity(t)) return t.replace(/\s+[A-ZÆØÅ]{1,2}$/u, (m) => (isCity(t.slice(0, -m.length)) ? '' : m));
  return '';
}

function normaliseOne(raw: string): string {
  let text = raw
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–—/|-]+|[\s.;:–—/|-]+$/g, '')
    .trim();
  if (!fromCode(text)) text = placeOfAddress(text);
  if (!text || text.length > 120) return '';
  const coded = fromCode(text);
  if (coded) return coded;
  text = text
    .replace(/\(\s*\d+\s*\)/g, '')
    .replace(/,?\s*\b\d{4,5}(?:-\d{4})?\b/g, '')
    .replace(/\s*[·•|]\s*/g, ', ')
    .replace(/\s+[–—-]\s+/g, ', ')
    .replace(/\s*\(([^)]*)\)/g, ', $1')
    .replace(/\s*,\s*/g, ', ')
    .replace(/(?:,\s*)+$/, '')
    .trim();
  const parts = text.split(/,\s*/);
  const out: string[] = [];
  let mode = '';
  for (const part of parts) {
    const m = workModeOf(part);
    if (m && fold(part).split(/\s+/).length <= 3) mode ||= m;
    else if (part) out.push(part);
  }
  if (mode) return [mode, ...out].join(', ');
  return out.join(', ');
}

/**
 * How much a short text looks like a place (0 = not at all): 'Boston, MA' and 'US-MA-Boston' are sure, 'Vienna' a
 * known city, 'Remote' a work mode; 'Engineering' or a sentence is not.
 */
export function placeScore(text: string): number {
  const t = text.trim();
  if (!t || t.length > 80 || /[.!?]\s/.test(t) || /\d{3,}[^\d]*\d{3,}/.test(t)) return 0;
  if (fromCode(t)) return 1;
  const parts = normaliseLocation(t)
    .split(/[,;]\s*/)
    .filter(Boolean);
  if (!parts.length) return 0;
  let score = 0;
  for (const part of parts) {
    if (MODE_WORDS.has(fold(part))) score = Math.max(score, 0.6);
    // A region or country alone is weak evidence of a job's place, unless it is also a city (Hamburg, New York).
    else if (isRegion(part) || isCountry(part))
      score = Math.max(score, parts.length > 1 ? 1 : isCity(part) ? 0.9 : 0.7);
    else if (isCity(part)) score = Math.max(score, 0.9);
    else if (part.split(/\s+/).length > 4) return 0;
  }
  return score;
}
