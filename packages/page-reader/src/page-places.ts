import { countryCode, isRegionName } from '@referwell/shared';
import { isKnownCity } from '@referwell/shared/locations-data';

/**
 * Place names the page reader uses to tell a location from other short texts ('Engineering · Chicago'): US states
 * and Canadian provinces, countries (in the five languages the reader knows), and larger cities. Data only.
 */

export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  PR: 'Puerto Rico',
};

const PROVINCES = [
  'Ontario|Quebec|Québec|British Columbia|Alberta|Manitoba|Saskatchewan|Nova Scotia|New Brunswick|ON|QC',
  'BC|AB|Bavaria|Bayern|BY|BW|NRW|Nordrhein-Westfalen|Hessen|Niedersachsen|Sachsen|Baden-Württemberg',
  "Île-de-France|Ile-de-France|Auvergne-Rhône-Alpes|Provence-Alpes-Côte d'Azur|Alpes-Maritimes",
  'Occitanie|Catalonia|Cataluña|Catalunya|Comunidad de Madrid|Andalucía|Noord-Holland|Zuid-Holland',
  'Utrecht|Noord-Brabant|Gelderland|England|Scotland|Wales',
]
  .join('|')
  .split('|');

/** Country names and codes → the name as written (kept as the page gives it; only recognised here). */
const COUNTRIES = [
  'United States|United States of America|USA|US|U.S.|Canada|CA|Mexico|United Kingdom|UK|GB|Ireland|IE',
  'Germany|Deutschland|DE|Austria|Österreich|AT|Switzerland|Schweiz|Suisse|CH|France|FR|Spain|España|ES',
  'Portugal|PT|Italy|Italia|IT|Netherlands|The Netherlands|Nederland|NL|Belgium|België|Belgique|BE',
  'Luxembourg|Denmark|Sweden|Norway|Finland|Poland|Polska|Czech Republic|India|IN|Australia|AU',
  'New Zealand|Singapore|Israel|Brazil|Argentina|Colombia|Chile|Japan|Philippines',
]
  .join('|')
  .split('|');

const CITIES = [
  'New York|New York City|NYC|Los Angeles|Chicago|Houston|Phoenix|Philadelphia|San Antonio|San Diego',
  'Dallas|San Jose|Austin|Jacksonville|Fort Worth|Columbus|Charlotte|San Francisco|Indianapolis|Seattle',
  'Denver|Washington|Boston|Nashville|Detroit|Oklahoma City|Portland|Las Vegas|Memphis|Louisville',
  'Baltimore|Milwaukee|Albuquerque|Tucson|Fresno|Sacramento|Kansas City|Atlanta|Omaha|Raleigh|Durham',
  'Miami|Minneapolis|Tampa|Orlando|Pittsburgh|Cincinnati|Cleveland|St. Louis|Salt Lake City|Richmond',
  'Birmingham|Rochester|Buffalo|Madison|Ann Arbor|Cambridge|Providence|Hartford|New Haven|Newark',
  'Jersey City|Princeton|Stamford|Boise|Spokane|Tacoma|Honolulu|Anchorage|Des Moines|Little Rock',
  'New Orleans|Baton Rouge|Charleston|Columbia|Greenville|Knoxville|Chattanooga|Lexington|Dayton|Toledo',
  'Akron|Grand Rapids|Lansing|Irvine|Oakland|Palo Alto|Mountain View|Santa Monica|Pasadena|Riverside',
  'Long Beach|Scottsdale|Mesa|Plano|Frisco|Round Rock|El Paso|Norfolk|Virginia Beach|Arlington|Bethesda',
  'Rockville|Wilmington|Burlington|Portland|Toronto|Montreal|Montréal|Vancouver|Calgary|Ottawa|Edmonton',
  'Winnipeg|Halifax|London|Manchester|Edinburgh|Glasgow|Bristol|Leeds|Dublin|Cork|Galway|Berlin|Hamburg',
  'München|Munich|Köln|Cologne|Frankfurt|Frankfurt am Main|Stuttgart|Düsseldorf|Leipzig|Dresden',
  'Hannover|Nürnberg|Nuremberg|Erlangen|Heidelberg|Bonn|Essen|Dortmund|Bremen|Mannheim|Karlsruhe',
  'Freiburg|Aachen|Münster|Potsdam|Wien|Vienna|Graz|Linz|Salzburg|Zürich|Zurich|Basel|Bern|Genève',
  'Geneva|Lausanne|Paris|Lyon|Marseille|Toulouse|Nice|Nantes|Strasbourg|Montpellier|Bordeaux|Lille',
  'Rennes|Grenoble|Madrid|Barcelona|Valencia|Sevilla|Seville|Zaragoza|Málaga|Bilbao|Lisbon|Lisboa|Porto',
  'Amsterdam|Rotterdam|Den Haag|The Hague|Utrecht|Eindhoven|Groningen|Leiden|Nijmegen|Amstelveen',
  'Amersfoort|Haarlem|Arnhem|Maastricht|Brussels|Bruxelles|Brussel|Antwerp|Antwerpen|Ghent|Gent',
  'Copenhagen|Stockholm|Oslo|Helsinki|Warsaw|Kraków|Prague|Milan|Milano|Rome|Roma|Athens|Budapest',
  'Bucharest|Tallinn|Riga|Vilnius|Sydney|Melbourne|Brisbane|Auckland|Singapore|Bangalore|Bengaluru',
  'Hyderabad|Pune|Chennai|Mumbai|Delhi|Tel Aviv|São Paulo|Mexico City|Bogotá|Buenos Aires|Tokyo|Manila',
]
  .join('|')
  .split('|');

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const STATE_NAMES = new Set(Object.values(US_STATES).map(fold));
const STATE_CODES = new Set(Object.keys(US_STATES));
const REGIONS = new Set(PROVINCES.map(fold));
const COUNTRY_SET = new Set(COUNTRIES.map(fold));
const CITY_SET = new Set(CITIES.map(fold));

/** Whether a part is a US state, province or region ('MA', 'Texas', 'Bayern', 'Alpes-Maritimes', 'małopolskie'). */
export function isRegion(part: string): boolean {
  const p = part.trim();
  return (
    STATE_CODES.has(p) ||
    STATE_NAMES.has(fold(p)) ||
    REGIONS.has(fold(p)) ||
    (p.length > 2 && isRegionName(p)) ||
    (/^[A-Z]{2,4}$/.test(p) && isRegionName(p))
  );
}

export function isCountry(part: string): boolean {
  return COUNTRY_SET.has(fold(part)) || countryCode(part) !== '';
}

/**
 * Whether a part is a known city (the shared list of cities of 15,000+ people and large cities' local names);
 * 'München-Schwabing' counts through its first part, 'Aarhus C' and 'Praha 5' through their name.
 */
export function isCity(part: string): boolean {
  const f = fold(part);
  if (CITY_SET.has(f) || CITY_SET.has(f.split(/[-–]/)[0]?.trim() ?? '')) return true;
  const name = part.trim().replace(/\s+(?:\d{1,2}|[A-ZØÆÅ]{1,2})$/u, '');
  return isKnownCity(name) || isKnownCity(name.split(/\s*[-–]\s*/)[0] ?? '');
}
