/**
 * Currencies as pages and résumés write them: ISO codes, symbols and local abbreviations ('zł', 'kr', 'Kč', 'lei',
 * 'Ft', 'R$'), and amounts in every locale's digit grouping: '120,000' (en), '120.000' (de, nl, it, pt, es),
 * '120 000' (fr, pl, sv, no, fi, cs, with thin or no-break spaces), "105'000" (CH), '18,00,000' (Indian lakh),
 * with a decimal comma or point.
 */

/** Symbols and local words → ISO code. Longer marks are matched first ('CA$' before '$', 'R$' before '$'). */
export const CURRENCY_MARKS: Record<string, string> = {
  US$: 'USD',
  $: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  R$: 'BRL',
  MX$: 'MXN',
  S$: 'SGD',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  Rs: 'INR',
  'Rs.': 'INR',
  '¥': 'JPY',
  '₩': 'KRW',
  '₪': 'ILS',
  '₺': 'TRY',
  '₴': 'UAH',
  zł: 'PLN',
  Kč: 'CZK',
  lei: 'RON',
  Ft: 'HUF',
  kn: 'HRK',
  лв: 'BGN',
  Fr: 'CHF',
  'Fr.': 'CHF',
  'SFr.': 'CHF',
  kr: '',
  'kr.': '',
  ':-': 'SEK',
  ',-': '',
};

/** The ISO codes pages write out ('EUR', 'PLN', 'SEK'…). */
export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'INR',
  'JPY',
  'CNY',
  'SGD',
  'HKD',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'HRK',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'TRY',
  'ILS',
  'AED',
  'ZAR',
  'UAH',
  'KRW',
  'PHP',
];

/** Which 'kr' a country means (the page's language or country decides: Swedish, Norwegian, Danish, Icelandic). */
export const KRONA_BY_COUNTRY: Record<string, string> = { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' };
export const KRONA_BY_LANGUAGE: Record<string, string> = {
  sv: 'SEK',
  no: 'NOK',
  nb: 'NOK',
  nn: 'NOK',
  da: 'DKK',
  is: 'ISK',
};

/** Symbols shown when a salary is written back ('$120,000', '€3,900', 'PLN 9,500'). */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  INR: '₹',
  BRL: 'R$',
};

/**
 * An amount as written in any locale → its value: '120,000' → 120000, '3.900' → 3900, '18,00,000' → 1800000,
 * "105'000" → 105000, '7 800' → 7800, '12.000,00' → 12000, '31.50' → 31.5, '4,5' → 4.5. NaN for other text.
 */
export function parseLocaleAmount(raw: string): number {
  const text = raw.replace(/[\u00a0\u202f\u2009 ']|’/g, (c) => (c === "'" || c === '’' ? "'" : ' ')).trim();
  if (!/^\d/.test(text)) return NaN;
  // A decimal part: a comma or point followed by one or two digits at the end (three digits is a group).
  const decimal = /[.,](\d{1,2})$/.exec(text);
  let whole = text;
  let fraction = 0;
  if (decimal) {
    fraction = Number(`0.${decimal[1]}`);
    whole = text.slice(0, decimal.index);
  }
  // Groups: lakh (1,00,000), thousands with ',', '.', ' ' or "'"; the digits are what counts.
  if (!/^\d{1,3}(?:[,. ']\d{2,3})*$/.test(whole) && !/^\d+$/.test(whole)) return NaN;
  const value = Number(whole.replace(/[,. ']/g, ''));
  return value + fraction;
}
