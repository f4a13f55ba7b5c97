// Where a person lives, read from one piece of text by its shape: 'City, ST', 'City, Country' (in any language),
// UK postcodes ('Leeds LS6 2QT'), continental postcodes ('80802 München', '3511 AB Utrecht', '4150-171 Porto'),
// 'City (Region)', a street address ending in one of those, 'Remote (US) / Raleigh, NC', or a known city on its
// own. Cities, regions, countries and postcode shapes are the shared place vocabulary.
import { COUNTRY_NAMES, POSTCODES, countryCode, foldPlace, regionCountries } from '@referwell/shared';
import { cityCountries } from '@referwell/shared/locations-data';
import { hasTitleWord } from './languages';

export interface Place {
  city: string;
  /** The state or province as written (US, Canada), when that is what follows the city. */
  region: string | null;
  /** ISO country code when known from the text or from the hints. */
  country: string | null;
  /** How sure the shape alone is: 3 for 'City, ST' or a postcode, 2 for 'City, Country', 1 for a bare known city. */
  strength: number;
}

const CITY =
  "[\\p{Lu}][\\p{L}'’.-]*(?:[ -](?:[\\p{Lu}][\\p{L}'’.-]*|am|an|der|de|del|la|le|sur|upon|on|im|in|di|do|da|dos|las|los|y|en)){0,4}";
const UK_POSTCODE = /([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})/;
/** Postcodes written before the city, with the countries that write them so. */
const POSTCODE_BEFORE_CITY: { re: RegExp; countries: string[] }[] = [
  { re: /\b(\d{4}\s?[A-Z]{2})\s+/, countries: ['NL'] },
  { re: /\b(\d{4}-\d{3})\s+/, countries: ['PT'] },
  { re: /\b(\d{2}-\d{3})\s+/, countries: ['PL'] },
  { re: /\b(\d{3}\s\d{2})\s+/, countries: ['SE', 'CZ', 'SK', 'GR'] },
  { re: /\b(?:[A-Z]{1,2}-)?(\d{5})\s+/, countries: ['DE', 'FR', 'ES', 'IT', 'FI', 'MX', 'US'] },
  { re: /\b(?:[A-Z]{1,2}-)?(\d{4})\s+/, countries: ['AT', 'CH', 'BE', 'DK', 'NO', 'LU', 'HU', 'AU'] },
];

/** English country name as a person would type it in a profile ('UK' for Great Britain). */
export function countryName(code: string): string {
  if (code === 'GB') return 'UK';
  if (code === 'US') return 'USA';
  return COUNTRY_NAMES[code]?.[0] ?? code;
}

const REMOTE =
  /\b(?:remote|remotely|fully remote|télétravail|teletrabajo|remoto|fernarbeit|homeoffice|home office|op afstand|zdalnie|distans)\b\s*(?:\([^)]*\))?\s*(?:[-–—/|·•,:]\s*|\s+(?:from|based in|in|aus|depuis|desde|da|vanuit|z)\s+)?/giu;

/** The country a city is in, the hints first ('Valencia' with a Spanish phone number → ES). */
export function cityCountry(city: string, hints: string[]): string | null {
  const countries = cityCountries(city);
  return hints.find((c) => countries.includes(c)) ?? countries[0] ?? null;
}

const isUsOrCanadian = (region: string) => regionCountries(region).some((c) => c === 'US' || c === 'CA');

/**
 * A place in a piece of text (a cell, or a part of a contact line between separators), or null. `hints` are
 * likely countries, likeliest first (from the phone number, the language, other places on the page).
 */
export function readPlace(text: string, hints: string[] = []): Place | null {
  const t = text
    .replace(REMOTE, '')
    .replace(/^[\s,;:·•|/–—-]+|[\s,;:·•|/–—-]+$/g, '')
    .trim();
  // Not a phone number, an e-mail or a link (a postcode has fewer than eight digits).
  if (!t || t.length > 90 || /@|https?:|www\.|(?:\d[\s.()-]?){8,}/.test(t)) return null;

  // 'City, ST 12345' / 'City, State' / 'City, Country' / 'City, Region' — the last two comma parts.
  const parts = t.split(/\s*,\s*/).filter(Boolean);
  if (parts.length >= 2) {
    const last = parts[parts.length - 1]!.replace(/\s+\d{5}(?:-\d{4})?$/, '').replace(
      /\s+[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
      '',
    );
    // 'Data Analyst Boston, MA': a town glued to a job title keeps only its own words.
    const written = stripPostcode(parts[parts.length - 2]!);
    const cityPart = hasTitleWord(written) ? (lastWordsThatAreACity(written, hints) ?? written) : written;
    if (new RegExp(`^${CITY}$`, 'u').test(cityPart)) {
      // 'Boston, MA' is a state, not Morocco: two capitals after a city read as a US or Canadian region first.
      if (/^[A-Z]{2}$/.test(last) && isUsOrCanadian(last))
        return {
          city: cityPart,
          region: last,
          country: regionCountries(last).find((c) => c === 'US' || c === 'CA')!,
          strength: 3,
        };
      const country = countryCode(last);
      if (country) return { city: cityPart, region: null, country, strength: 2 };
      const regionIn = regionCountries(last);
      if (regionIn.length) {
        const us = regionIn.find((c) => c === 'US' || c === 'CA');
        if (us) return { city: cityPart, region: last, country: us, strength: 3 };
        const country = hints.find((c) => regionIn.includes(c)) ?? regionIn[0]!;
        return { city: cityPart, region: null, country, strength: 2 };
      }
      // 'Springfield, Freedonia': a known city with something after it.
      const known = cityCountry(cityPart, hints);
      if (known && /^[\p{Lu}][\p{L} .'-]+$/u.test(last))
        return { city: cityPart, region: null, country: known, strength: 1 };
    }
  }

  // A street address or a city followed by a UK postcode: 'Flat 2, 31 Victoria Road, Glasgow G42 7AD'.
  const uk = new RegExp(`(${CITY})\\s+${UK_POSTCODE.source}$`, 'u').exec(parts[parts.length - 1] ?? t);
  if (uk && POSTCODES.GB!.test(uk[2]!)) {
    const city = lastWordsThatAreACity(uk[1]!, ['GB']);
    if (city) return { city, region: null, country: 'GB', strength: 3 };
  }

  // A postcode before the city: '80802 München', 'Calle de Colón 14, 46004 Valencia', '3511 AB Utrecht'.
  const lastPart = parts[parts.length - 1] ?? t;
  for (const { re, countries } of POSTCODE_BEFORE_CITY) {
    const m = new RegExp(`${re.source}(${CITY})(?:\\s*\\(([^)]*)\\))?$`, 'u').exec(lastPart);
    if (!m) continue;
    const city = m[2]!.replace(/\s+\d+e?$/, '');
    const known = cityCountries(city);
    const country =
      hints.find((c) => countries.includes(c) && (known.includes(c) || !known.length)) ??
      known.find((c) => countries.includes(c)) ??
      hints.find((c) => countries.includes(c)) ??
      null;
    return { city, region: null, country, strength: 3 };
  }

  // 'Bilbao (Bizkaia)', 'Bordeaux (33)': a city and its region or département in parentheses.
  const paren = new RegExp(`^(${CITY})\\s*\\(([^)]+)\\)$`, 'u').exec(t);
  if (paren) {
    const city = paren[1]!;
    const country = cityCountry(city, [...regionCountries(paren[2]!), ...hints]);
    if (country) return { city, region: null, country, strength: 2 };
  }

  // A known city on its own ('Hamburg', 'Frankfurt am Main').
  if (parts.length === 1 && new RegExp(`^${CITY}$`, 'u').test(t) && t.split(/\s+/).length <= 4) {
    const country = cityCountry(t, hints);
    if (country) return { city: t, region: null, country, strength: 1 };
  }
  return null;
}

/** 'Hyde Park Road Glasgow' → 'Glasgow': the shortest tail of words that is a known city (else the last word). */
function lastWordsThatAreACity(text: string, hints: string[]): string | null {
  const words = text.split(/\s+/);
  for (let n = 1; n <= Math.min(4, words.length); n++) {
    const tail = words.slice(-n).join(' ');
    if (cityCountry(tail, hints)) return tail;
  }
  const last = words[words.length - 1]!;
  return /^\p{Lu}/u.test(last) ? last : null;
}

const stripPostcode = (s: string) =>
  s
    .replace(/^(?:[A-Z]{1,2}-)?\d{4,5}\s+/, '')
    .replace(/\s+(?:[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}|\d{5})$/, '')
    .trim();

/** A place as the profile's Location field shows it: 'Raleigh, NC', 'Leeds, UK', 'München, Germany', 'Lyon'. */
export function formatPlace(place: Place): string {
  if (place.region) return `${place.city}, ${place.region}`;
  return place.country ? `${place.city}, ${countryName(place.country)}` : place.city;
}

/** Whether two places name the same town (folded city names). */
export const samePlace = (a: Place, b: Place) => foldPlace(a.city) === foldPlace(b.city);
