/** A job's location text read as a postal address, for structured data and job feeds. */
export interface PlaceParts {
  city: string | null;
  /** State or province code, when the text names one. */
  region: string | null;
  /** ISO 3166-1 alpha-2 country code, when the text names or implies one. */
  country: string | null;
}

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  ),
);
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

const COUNTRIES: Record<string, string> = {
  us: 'US',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  uk: 'GB',
  gb: 'GB',
  'united kingdom': 'GB',
  england: 'GB',
  scotland: 'GB',
  ca: 'CA',
  canada: 'CA',
  de: 'DE',
  germany: 'DE',
  fr: 'FR',
  france: 'FR',
  ie: 'IE',
  ireland: 'IE',
  nl: 'NL',
  netherlands: 'NL',
  es: 'ES',
  spain: 'ES',
  in: 'IN',
  india: 'IN',
  au: 'AU',
  australia: 'AU',
  mx: 'MX',
  mexico: 'MX',
  il: 'IL',
  israel: 'IL',
  sg: 'SG',
  singapore: 'SG',
};

/** The country a word names ('USA', 'United Kingdom', 'DE'), as an ISO code. */
export function countryCode(text: string): string | null {
  return COUNTRIES[text.trim().toLowerCase().replace(/\./g, '')] ?? null;
}

/** Drops the workplace the text starts with ("Hybrid — Boston, MA" → "Boston, MA") and any parenthesis. */
function placeText(location: string): string {
  return location
    .replace(/^\s*(remote|hybrid|on-?site|in[- ]office)\s*(?:[—–:|-]\s*|$)/i, '')
    .replace(/\([^)]*\)/g, '')
    .trim();
}

/** "Boston, MA" → Boston / MA / US; "Toronto, ON" → CA; "London, United Kingdom" → GB; "Remote" → nothing. */
export function placeParts(location: string): PlaceParts {
  const parts = placeText(location)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return { city: null, region: null, country: null };
  const [city, second, third] = parts as [string, string | undefined, string | undefined];
  if (!second)
    return countryCode(city)
      ? { city: null, region: null, country: countryCode(city) }
      : { city, region: null, country: null };
  const code = second.toUpperCase();
  const fromThird = third ? countryCode(third) : null;
  if (US_STATES.has(code) && (!third || fromThird === 'US')) return { city, region: code, country: 'US' };
  if (CA_PROVINCES.has(code) && (!third || fromThird === 'CA')) return { city, region: code, country: 'CA' };
  if (third) return { city, region: second, country: fromThird };
  return { city, region: null, country: countryCode(second) };
}

/** The country a remote job hires in: "Remote (US)", "Remote — Canada"; null when it does not say. */
export function remoteCountry(location: string): string | null {
  const inParens = /\(([^)]+)\)/.exec(location)?.[1];
  if (inParens && countryCode(inParens)) return countryCode(inParens);
  return placeParts(location).country;
}
