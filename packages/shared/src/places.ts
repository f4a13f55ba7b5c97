/**
 * Server-only: places in job and profile locations and in searches (issue 38). A location as people write it
 * ('Hybrid — Boston, MA', 'Remote (US)', 'Berlin, Germany') is read into places (city, first-level region, country and
 * coordinates from the gazetteer, locations-data.ts) and remote work with the countries it is open to; the reading
 * becomes place tokens that the database adds to the search document (one GIN index answers text, places and
 * distance), a label for the location facet, and coordinates for the distance test. A place typed in a search is
 * resolved the same way into the tokens it matches, with the other places it could mean.
 */
import { ANY_POSTCODE, COUNTRY_NAMES, countryCode, foldPlace } from './locations';
import { citiesNamed, cityNames, regionOf, regionsNamed, type City, type Region } from './locations-data';

export interface Place {
  /** The city as the gazetteer names it ('New York City'), or as written when it is not there; null for a region. */
  city: string | null;
  /** GeoNames first-level region code (a US state's postal code), or null. */
  region: string | null;
  /** ISO 3166 code, or null when nothing says. */
  country: string | null;
  lat: number | null;
  lon: number | null;
}

export interface LocationReading {
  places: Place[];
  remote: boolean;
  /** The countries remote work is open to; [] when the location does not say. */
  remoteCountries: string[];
}

/** What a job or profile row stores of its location (written by the services on every save). */
export interface PlaceColumns {
  /** Words the database adds to the search document (see placeTokens). */
  placeKeys: string[];
  /** The location facet's value: 'Boston, MA', 'Berlin, Germany', 'Remote'; null when no place was read. */
  placeLabel: string | null;
  placeLat: number | null;
  placeLon: number | null;
}

const REMOTE_WORDS = String.raw`remote(?:ly)?|anywhere|work from home|wfh|telecommute|telework|distributed`;
const REMOTE = new RegExp(String.raw`\b(?:${REMOTE_WORDS})\b`, 'i');
/** Words about how or where work happens that are not places ('Hybrid —', 'On-site', 'Remote in'). */
const WORK_WORDS = new RegExp(
  String.raw`\b(?:${REMOTE_WORDS}|hybrid|on-?site|in[- ]office|office|fully|first|based|only|within|from|position|role|(?<=(?:${REMOTE_WORDS})\W+)in)\b`,
  'gi',
);
/** Separators between places in one location ('Boston, MA; New York, NY', 'Austin, TX or Remote'). */
const SEPARATORS = /[;|/·•\n()[\]]|\s+(?:or|and|&)\s+|\s+[-–—]+\s+|^\s*[-–—]+|[-–—]+\s*$|\s[-–—]|[-–—]\s/gi;

/** A city's name for tokens: folded, letters and digits only. */
const key = (text: string) => foldPlace(text).replace(/[^\p{L}\p{N}]+/gu, '');

const countryName = (code: string) => COUNTRY_NAMES[code]?.[0] ?? code;

/** Readings of one comma part as a country or a region: regions of the US first for two-letter codes. */
function areas(part: string, { codes }: { codes: boolean }): { country: string; region: Region | null }[] {
  const text = part.trim();
  const isCode = /^[A-Za-z]{2,3}$/.test(text) && text.length <= 3;
  if (isCode && !codes) return [];
  const regions = regionsNamed(text).map((region) => ({ country: region.country, region }));
  const country = countryCode(isCode ? text.toUpperCase() : text);
  const countries = country ? [{ country, region: null }] : [];
  const us = regions.filter((r) => r.country === 'US');
  const other = regions.filter((r) => r.country !== 'US');
  return isCode ? [...us, ...countries, ...other] : [...countries, ...us, ...other];
}

/** Variants of a city name as the gazetteer may write it ('St. Louis' / 'Saint Louis', 'New York' / 'New York City'). */
function cityVariants(name: string): string[] {
  const variants = [name];
  if (/^st\.? /i.test(name)) variants.push(name.replace(/^st\.? /i, 'Saint '));
  if (/^saint /i.test(name)) variants.push(name.replace(/^saint /i, 'St. '));
  return variants;
}

/** The cities of a name within an area, largest first (also 'X City' for 'X': 'New York' in NY → New York City). */
function citiesIn(name: string, area: { country: string; region: Region | null } | null): City[] {
  const inArea = (c: City) => !area || (c.country === area.country && (!area.region || c.region === area.region.code));
  const found = cityVariants(name).flatMap((v) => citiesNamed(v).filter(inArea));
  if (found.length || !area) return found;
  return citiesNamed(`${name} City`).filter(inArea);
}

const placeOfCity = (city: City): Place => ({
  city: city.name,
  region: city.region || null,
  country: city.country,
  lat: city.lat,
  lon: city.lon,
});

/** Whether a text could be a place name (letters, a few words, not a sentence). */
const placeLike = (text: string) => /^\p{L}[\p{L}\p{M}'’. -]*$/u.test(text) && text.split(/\s+/).length <= 4;

/**
 * One place of a location: 'City[, region][, country]', postcodes ignored. The trailing parts are read as a country
 * and a region; when a part could be either ('CA', 'Georgia'), the reading under which the city is known wins.
 */
function readPlace(segment: string): Place | null {
  const parts = segment
    .split(',')
    .map((p) => p.replace(ANY_POSTCODE, ' ').replace(/\s+/g, ' ').trim())
    .filter((p) => p && /\p{L}/u.test(p));
  if (parts.length === 0) return null;
  if (parts.length === 1) return readSingle(parts[0]!);
  // Trailing parts as areas: the last may be a country, a region, or a country after a region.
  const last = areas(parts.at(-1)!, { codes: true });
  const options: { country: string; region: Region | null; used: number }[] = [];
  for (const area of last) {
    options.push({ ...area, used: 1 });
    if (!area.region && parts.length >= 3)
      for (const inner of areas(parts.at(-2)!, { codes: true }))
        if (inner.region && inner.country === area.country) options.unshift({ ...inner, used: 2 });
  }
  if (options.length === 0) return readSingle(parts[0]!);
  for (const option of options) {
    const name = parts[0]!;
    if (parts.length - option.used < 1) continue;
    const [city] = citiesIn(name, option);
    if (city) return placeOfCity(city);
  }
  // The city is not in the gazetteer: take the first reading, and the city as written.
  const best = options.find((o) => parts.length - o.used >= 1) ?? options[0]!;
  const name = parts[0]!;
  // 'Sydney NSW': a region written after the city without a comma.
  const words = name.split(' ');
  if (words.length > 1) {
    const tail = areas(words.at(-1)!, { codes: true }).find((a) => a.region && a.country === best.country);
    const [city] = tail ? citiesIn(words.slice(0, -1).join(' '), tail) : [];
    if (city) return placeOfCity(city);
  }
  if (parts.length - best.used === 0 || !placeLike(name))
    return { city: null, region: best.region?.code ?? null, country: best.country, lat: null, lon: null };
  return { city: name, region: best.region?.code ?? null, country: best.country, lat: null, lon: null };
}

/** A location of one part: a country or region by name ('Germany', 'Massachusetts', 'MA'), else a city. */
function readSingle(text: string): Place | null {
  const [area] = areas(text, { codes: true });
  if (area) return { city: null, region: area.region?.code ?? null, country: area.country, lat: null, lon: null };
  const [city] = citiesIn(text, null);
  if (city) return placeOfCity(city);
  // 'Sydney NSW', 'Boston MA': a region after the city without a comma.
  const words = text.split(' ');
  if (words.length > 1) {
    for (const tail of areas(words.at(-1)!, { codes: true })) {
      const [inTail] = citiesIn(words.slice(0, -1).join(' '), tail);
      if (inTail) return placeOfCity(inTail);
    }
  }
  return placeLike(text) ? { city: text, region: null, country: null, lat: null, lon: null } : null;
}

/** Reads a job's or profile's location (see LocationReading). */
export function readLocation(location: string | null | undefined): LocationReading {
  const text = (location ?? '').trim();
  const remote = REMOTE.test(text);
  const places: Place[] = [];
  const remoteCountries = new Set<string>();
  for (const segment of text.replace(WORK_WORDS, ' ').split(SEPARATORS)) {
    const cleaned = segment
      .replace(/\s+/g, ' ')
      .replace(/^[\s,.:-]+|[\s,.:-]+$/g, '')
      .trim();
    if (!cleaned) continue;
    // 'Remote (US, Canada)': a list of countries or regions the remote work is open to.
    const listed = cleaned.split(',').map((part) => areas(part, { codes: true })[0]);
    if (remote && listed.length > 1 && listed.every(Boolean)) {
      for (const area of listed) remoteCountries.add(area!.country);
      continue;
    }
    const place = readPlace(cleaned);
    if (!place) continue;
    // In a remote location, a country or region alone says where the remote work is open ('Remote (US)').
    if (remote && !place.city) {
      if (place.country) remoteCountries.add(place.country);
      continue;
    }
    if (!places.some((p) => p.city === place.city && p.region === place.region && p.country === place.country))
      places.push(place);
  }
  return { places, remote, remoteCountries: [...remoteCountries].sort() };
}

/**
 * Every place a location names, a remote job's regions included ('Remote (Colorado)' names Colorado, which
 * readLocation keeps as where remote work is open): where the work may be done (pay transparency, issue 36).
 */
export function placesNamed(location: string | null | undefined): Place[] {
  return readLocation((location ?? '').replace(new RegExp(String.raw`\b(?:${REMOTE_WORDS})\b`, 'gi'), ' ')).places;
}

/** The one-degree cell of a point, as a token ('plcg132x108'): a distance search asks for the cells around it. */
const cellToken = (lat: number, lon: number) => `plcg${Math.floor(lat) + 90}x${Math.floor(lon) + 180}`;

/** Tokens of a place (see placeTokens). */
function tokensOfPlace(place: Place): string[] {
  const tokens: string[] = [];
  if (place.country) tokens.push(`plcc${place.country.toLowerCase()}`);
  if (place.country && place.region) tokens.push(`plcr${place.country.toLowerCase()}${key(place.region)}`);
  if (place.city) {
    tokens.push(`plcn${key(place.city)}`);
    if (place.country) tokens.push(`plct${place.country.toLowerCase()}${key(place.region ?? '')}${key(place.city)}`);
  }
  if (place.lat !== null && place.lon !== null) tokens.push(cellToken(place.lat, place.lon));
  return tokens;
}

/**
 * The words a location adds to its row's search document, each a made-up word no text holds: `plcc` + country,
 * `plcr` + country + region, `plcn` + city name, `plct` + country + region + city, `plcg` + one-degree cell,
 * `plcremote`, `plcremote` + country for each country remote work is open to, else `plcremoteany`.
 */
export function placeTokens(reading: LocationReading): string[] {
  const tokens = reading.places.flatMap(tokensOfPlace);
  if (reading.remote) {
    tokens.push('plcremote');
    if (reading.remoteCountries.length === 0) tokens.push('plcremoteany');
    for (const country of reading.remoteCountries)
      tokens.push(`plcremote${country.toLowerCase()}`, `plcc${country.toLowerCase()}`);
  }
  return [...new Set(tokens)];
}

/** A place as people read it: 'Boston, MA' (US, Canada, Australia: the region's code), 'Munich, Germany'. */
export function placeLabelOf(place: Place): string | null {
  const region = place.country && place.region ? regionOf(place.country, place.region) : undefined;
  const abbreviation = region && regionAbbreviation(region);
  if (place.city) {
    if (!place.country) return null;
    if (abbreviation) return `${place.city}, ${abbreviation}`;
    return `${place.city}, ${countryName(place.country)}`;
  }
  if (region) return place.country === 'US' ? region.name : `${region.name}, ${countryName(region.country)}`;
  return place.country ? countryName(place.country) : null;
}

/** The short code people write after a city in the US, Canada and Australia ('MA', 'ON', 'NSW'), else null. */
function regionAbbreviation(region: Region): string | null {
  if (region.country === 'US') return region.code;
  if (region.country !== 'CA' && region.country !== 'AU') return null;
  return (
    [...abbreviations(region)].find((name) => /^[A-Z]{2,3}$/.test(name) && regionsNamed(name).includes(region)) ?? null
  );
}

/** The names of locations.ts's entry for a region (its abbreviations among them). */
function* abbreviations(region: Region): Iterable<string> {
  for (const candidate of ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK', 'YT', 'NT', 'NU'])
    if (region.country === 'CA') yield candidate;
  for (const candidate of ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'])
    if (region.country === 'AU') yield candidate;
}

/** The columns a row keeps of its location (see PlaceColumns). */
export function placeColumns(location: string | null | undefined): PlaceColumns {
  const reading = readLocation(location);
  const first = reading.places.find((p) => p.lat !== null) ?? null;
  const labelled = reading.places.map(placeLabelOf).find((label) => label !== null);
  return {
    placeKeys: placeTokens(reading),
    placeLabel: labelled ?? (reading.remote ? 'Remote' : null),
    placeLat: first?.lat ?? null,
    placeLon: first?.lon ?? null,
  };
}

/** A reading in the place corpus's notation (places-corpus.ts). */
export function placeSummary(reading: LocationReading): string {
  const parts = reading.places.map((p) =>
    p.city
      ? `${p.city}|${p.country ?? '?'}-${p.region ?? '?'}`
      : p.region
        ? `${p.country}-${p.region}`
        : `${p.country}`,
  );
  if (reading.remote)
    parts.push(...(reading.remoteCountries.length ? reading.remoteCountries.map((c) => `remote:${c}`) : ['remote:*']));
  return parts.sort().join(' + ');
}

// ---------------------------------------------------------------------------------------------------------------
// Places in searches

/** One thing a searched place may mean, as the web offers it: its label and the location text that means only it. */
export interface PlaceChoice {
  label: string;
  value: string;
}

export interface PlaceQuery {
  /** The text as the searcher typed it. */
  text: string;
  kind: 'city' | 'region' | 'country' | 'remote' | 'unknown';
  /** How it was understood ('Boston, MA', 'Remote (United States)', 'Every place called Portland'). */
  label: string;
  /** Document tokens, any of which matches (a to_tsquery disjunction of `groups`). */
  groups: string[][];
  /** Where distances are measured from (the largest city it may mean), or null. */
  center: { lat: number; lon: number; label: string } | null;
  /** Other readings when the text may mean more than one place (every one of them is searched). */
  choices: PlaceChoice[];
  /** Known places like an unknown one ('Bostn' → Boston). */
  suggestions: string[];
}

/** A choice's text: one that reads back as only that place. */
function choiceOf(place: Place): PlaceChoice | null {
  const label = placeLabelOf(place);
  if (!label) return null;
  const region = place.city && place.country && place.region ? regionOf(place.country, place.region) : undefined;
  // 'Boston, England, United Kingdom': a city outside the US, Canada and Australia with its region, so it reads back
  // as that city only.
  const full =
    region && !regionAbbreviation(region) ? `${place.city}, ${region.name}, ${countryName(region.country)}` : label;
  return { label: full, value: full };
}

const tokensOf = (place: Place): string[][] => {
  const country = place.country?.toLowerCase() ?? '';
  if (place.city && place.country) return [[`plct${country}${key(place.region ?? '')}${key(place.city)}`]];
  if (place.city) return [[`plcn${key(place.city)}`]];
  if (place.region) return [[`plcr${country}${key(place.region)}`]];
  return [[`plcc${country}`]];
};

/** Remote work, open to these countries when named ('remote US', 'Remote (Canada)'). */
function remoteQuery(text: string, rest: string): PlaceQuery {
  const countries = [
    ...new Set(
      rest
        .split(/[,;()/]|\s+or\s+|\s+and\s+/i)
        .map((part) => part.trim())
        .filter(Boolean)
        .flatMap((part) => areas(part, { codes: true }).slice(0, 1))
        .map((area) => area.country),
    ),
  ];
  const label = countries.length ? `Remote (${countries.map(countryName).join(', ')})` : 'Remote';
  const groups = countries.length
    ? [['plcremoteany'], ...countries.map((c) => [`plcremote${c.toLowerCase()}`])]
    : [['plcremote']];
  return { text, kind: 'remote', label, groups, center: null, choices: [], suggestions: [] };
}

const SUGGESTIONS = 3;

/** Known city names within two edits of an unknown one, largest first. */
function suggestionsFor(text: string): string[] {
  const target = foldPlace(text);
  if (target.length < 4) return [];
  const found: City[] = [];
  for (const name of cityNames()) {
    if (name[0] !== target[0] || Math.abs(name.length - target.length) > 2) continue;
    if (editDistance(name, target, 2) <= 2) found.push(citiesNamed(name)[0]!);
  }
  return [
    ...new Set(
      found
        .sort((a, b) => a.rank - b.rank)
        .map((c) => placeLabelOf(placeOfCity(c)))
        .filter((l): l is string => l !== null),
    ),
  ].slice(0, SUGGESTIONS);
}

/** Levenshtein distance, giving up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * What a searched place means: 'Boston, MA' one city; 'Boston' every city of that name (choices: each of them);
 * 'Massachusetts' or 'MA' a US state; 'Germany' a country; 'remote US' remote work open to the US; an unknown name
 * the cities written so (and suggestions). Null for text without letters.
 */
export function resolvePlace(input: string): PlaceQuery | null {
  const text = input.replace(/\s+/g, ' ').trim();
  if (!/\p{L}/u.test(text)) return null;
  const remote = new RegExp(String.raw`^(?:(.*?)\s*[-–—]?\s*)?\b(?:${REMOTE_WORDS})\b(.*)$`, 'i').exec(text);
  if (remote) return remoteQuery(text, `${remote[1] ?? ''},${remote[2] ?? ''}`);
  const none = { choices: [], suggestions: [] };
  if (text.includes(',')) {
    const place = readPlace(text);
    if (place) {
      const kind = place.city ? 'city' : place.region ? 'region' : 'country';
      const label = placeLabelOf(place) ?? text;
      const center = place.lat !== null && place.lon !== null ? { lat: place.lat, lon: place.lon, label } : null;
      return { text, kind, label, groups: tokensOf(place), center, ...none };
    }
  }
  const areaReadings = areas(text, { codes: true });
  const cities = citiesIn(text, null);
  const readings: Place[] = [
    ...areaReadings.map((a) => ({
      city: null,
      region: a.region?.code ?? null,
      country: a.country,
      lat: null,
      lon: null,
    })),
    ...cities.map(placeOfCity),
  ];
  if (readings.length === 0) {
    const words = text.split(' ');
    // 'Boston MA': a city and its region without a comma.
    if (words.length > 1) {
      const withComma = `${words.slice(0, -1).join(' ')}, ${words.at(-1)}`;
      const place = readPlace(withComma);
      if (place?.city && place.lat !== null) return resolvePlace(withComma);
    }
    return {
      text,
      kind: 'unknown',
      label: text,
      groups: [[`plcn${key(text)}`]],
      center: null,
      choices: [],
      suggestions: suggestionsFor(text),
    };
  }
  const choices = readings.map(choiceOf).filter((c): c is PlaceChoice => c !== null);
  const firstCity = cities[0];
  const center = firstCity
    ? { lat: firstCity.lat, lon: firstCity.lon, label: placeLabelOf(placeOfCity(firstCity))! }
    : null;
  // A US state's two-letter code means the state ('MA'); the other readings are offered, not searched.
  const isCode = /^[A-Za-z]{2}$/.test(text);
  if (isCode && areaReadings[0]?.country === 'US') {
    const state = readings[0]!;
    return {
      text,
      kind: 'region',
      label: placeLabelOf(state) ?? text,
      groups: tokensOf(state),
      center: null,
      choices: choices.length > 1 ? choices : [],
      suggestions: [],
    };
  }
  const only = readings.length === 1 ? readings[0]! : null;
  if (only) {
    const kind = only.city ? 'city' : only.region ? 'region' : 'country';
    return { text, kind, label: placeLabelOf(only) ?? text, groups: tokensOf(only), center, ...none };
  }
  // Every reading is searched: the areas, and every city of the name (also those the gazetteer does not know).
  const groups = [
    ...areaReadings.flatMap((a) =>
      tokensOf({ city: null, region: a.region?.code ?? null, country: a.country, lat: null, lon: null }),
    ),
  ];
  if (cities.length) groups.push([`plcn${key(cities[0]!.name)}`], [`plcn${key(text)}`]);
  const kind = areaReadings.length === 0 ? 'city' : areaReadings[0]!.region ? 'region' : 'country';
  return {
    text,
    kind,
    label: cities.length && !areaReadings.length ? `Every place called ${cities[0]!.name}` : text,
    groups: dedupeGroups(groups),
    center,
    choices,
    suggestions: [],
  };
}

const dedupeGroups = (groups: string[][]) => [...new Map(groups.map((g) => [g.join('&'), g])).values()];

/** Kilometres in a mile. */
export const KM_PER_MILE = 1.609344;
const EARTH_KM = 6371;

/** The one-degree cells a circle touches (its bounding box), as document tokens: one disjunction. */
export function distanceTokens(center: { lat: number; lon: number }, radiusKm: number): string[] {
  const dLat = radiusKm / 111.2;
  const cos = Math.max(0.01, Math.cos((Math.min(89, Math.abs(center.lat) + dLat) * Math.PI) / 180));
  const dLon = Math.min(180, radiusKm / (111.2 * cos));
  const tokens: string[] = [];
  for (let lat = Math.floor(center.lat - dLat); lat <= Math.floor(center.lat + dLat); lat++)
    for (let lon = Math.floor(center.lon - dLon); lon <= Math.floor(center.lon + dLon); lon++) {
      const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
      if (lat >= -90 && lat < 90) tokens.push(cellToken(lat, wrapped));
    }
  return [...new Set(tokens)];
}

/** Great-circle distance in kilometres (the SQL test of search is the same formula). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A place named in a search's words ('fhir boston', 'nurse remote us', 'epic analyst new york'): the longest run of
 * up to three words, read from the end, that names a city, a region or a country by name, or remote work (two-letter
 * codes only when written in capitals: 'FHIR MA'). Null when none does.
 */
export function placeInQuery(raw: string): { start: number; end: number; place: PlaceQuery } | null {
  const words = raw.split(/\s+/).filter(Boolean);
  for (let start = 0; start < words.length; start++)
    if (/^(remote|anywhere)$/i.test(words[start]!.replace(/[^\p{L}]/gu, ''))) {
      let end = start + 1;
      while (
        end < words.length &&
        end - start <= 3 &&
        areas(
          words
            .slice(start + 1, end + 1)
            .join(' ')
            .replace(/[()]/g, ''),
          { codes: true },
        ).length
      )
        end++;
      return { start, end, place: resolvePlace(words.slice(start, end).join(' '))! };
    }
  for (let size = Math.min(3, words.length); size >= 1; size--)
    for (let start = words.length - size; start >= 0; start--) {
      const span = words
        .slice(start, start + size)
        .join(' ')
        .replace(/[^\p{L}\p{N}' .-]/gu, '')
        .trim();
      if (!span) continue;
      const codes = /^[A-Z]{2,3}$/.test(span.split(' ').at(-1) ?? '');
      if (span.length < 3 && !codes) continue;
      const named = areas(span, { codes }).length > 0 || citiesIn(span, null).length > 0;
      const cityAndRegion =
        size > 1 &&
        codes &&
        readPlace(`${words.slice(start, start + size - 1).join(' ')}, ${words[start + size - 1]}`)?.lat;
      if (!named && !cityAndRegion) continue;
      const place = resolvePlace(
        cityAndRegion ? `${words.slice(start, start + size - 1).join(' ')}, ${words[start + size - 1]}` : span,
      );
      if (place && place.kind !== 'unknown') return { start, end: start + size, place };
    }
  return null;
}
