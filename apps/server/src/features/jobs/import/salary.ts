/**
 * Pay ranges in free text, in the formats of English, German, French, Spanish and Dutch pages: the currency before
 * or after the amount, '.', ',' or spaces as thousands separators, 'k', 'to' / 'bis' / 'à' / 'tot' / 'Min … Max',
 * and pay periods ('per hour', '/hr', 'brutto jährlich', 'par mois', 'al año', 'per maand').
 */

export type PayUnit = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR' | '';

export interface PayFound {
  min: number;
  max: number;
  currency: string;
  unit: PayUnit;
  /** Higher is more surely the job's base pay ('Salary: …' beats 'OTE …' and '$40 million raised'). */
  score: number;
}

const CURRENCY = String.raw`(?:CA\$|C\$|A\$|US\$|[$€£₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|INR)\b)`;
const NUMBER = String.raw`\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const K = String.raw`(?:\s?[kK](?![\p{L}]))?`;
const TOKEN = new RegExp(
  String.raw`(${CURRENCY})\s?(${NUMBER})(${K})|(${NUMBER})(${K})\s?(${CURRENCY})|(?<![\d.,])(${NUMBER})(${K})(?![\d%])`,
  'gu',
);
const CONNECTOR =
  /^\s*(?:-|–|—|to|bis|à|a|tot|en|and|y|und|et|through|max(?:imum)?\.?:?|(?:-|–)\s*max(?:imum)?\.?:?)\s*$/i;

const SYMBOLS: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  CA$: 'CAD',
  C$: 'CAD',
  A$: 'AUD',
};

const PERIOD_WORDS: [PayUnit, RegExp][] = [
  ['HOUR', /^(?:hours?|hr|hrs|hourly|h|stunde|std|heure|hora|uur)\b/i],
  ['MONTH', /^(?:months?|mo|monthly|monat|monatlich|mois|mensuel(?:le)?s?|mes|mensual(?:es)?|maand|maandelijks)\b/i],
  ['WEEK', /^(?:weeks?|wk|weekly|woche|semaine|semana|week)\b/i],
  ['DAY', /^(?:days?|daily|tag|jour|día|dag)\b/i],
  [
    'YEAR',
    /^(?:years?|yr|annum|annually|yearly|jahr|jährlich|jaehrlich|an|année|annuel(?:le)?s?|año|anual(?:es)?|jaar|jaarlijks|p\.?\s?a\.?)(?![\p{L}])/iu,
  ],
];
const FILLER =
  /^(?:[\s,/]+|(?:gross|brutto|bruto|brutos|brut|bruts|base|salary|pre-tax|before tax|per|pro|par|al|a|im|el|la|op|in|de)(?![\p{L}'])|an(?=\s+\p{L})|l'|de l')+/iu;

function unitAfter(text: string): PayUnit {
  const rest = text.slice(0, 40).replace(FILLER, '');
  for (const [unit, pattern] of PERIOD_WORDS) if (pattern.test(rest)) return unit;
  // 'CAD 120,000 - 145,000 annually': the period word ends the phrase without 'per'.
  return '';
}

const UNIT_BEFORE: [PayUnit, RegExp][] = [
  ['HOUR', /\b(?:hourly|stundenlohn|taux horaire|per hour)\b[^.]*$/i],
  ['YEAR', /\b(?:annual|yearly|jahresgehalt|bruttojahresgehalt|annuel|anual)\b[^.]*$/i],
  ['MONTH', /\b(?:monthly|monatsgehalt|mensuel|mensual)\b[^.]*$/i],
];

const PAY_WORDS =
  /\b(?:salary|salaries|pay|compensation|wage|rate|base|gehalt|vergütung|verguetung|lohn|salaire|rémunération|gratification|salario|sueldo|retribución|salaris|beloning|bruto|brutto)\b/i;
const NOT_PAY =
  /\b(?:ote|on[-\s]target|bonus|equity|raised|funding|revenue|quota|series [a-d]|valuation|budget)\b[^.]*$/i;

/** '3.800' / '120,000' / '45 000' / '68.50' / '4,5' → a number (European and US separators). */
function amountOf(number: string, k: string): number {
  let digits = number.replace(/[\u00a0\u202f ]/g, ' ');
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  let fraction = 0;
  if (decimal && !/[.,]\d{3}$/.test(digits)) {
    fraction = Number(`0.${decimal[1]}`);
    digits = digits.slice(0, decimal.index);
  }
  const whole = Number(digits.replace(/[,. ]/g, ''));
  const value = whole + fraction;
  return k.trim() ? value * 1000 : value;
}

interface Token {
  start: number;
  end: number;
  amount: number;
  currency: string;
  k: boolean;
}

function tokens(text: string): Token[] {
  const found: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const currency = m[1] ?? m[6] ?? '';
    const number = m[2] ?? m[4] ?? m[7] ?? '';
    const k = m[3] ?? m[5] ?? m[8] ?? '';
    const code = SYMBOLS[currency] ?? currency.toUpperCase();
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      amount: amountOf(number, k),
      currency: code,
      k: !!k.trim(),
    });
  }
  return found;
}

function scoreAt(text: string, start: number, end: number, isRange: boolean): number {
  const before = text.slice(Math.max(0, start - 50), start);
  const after = text.slice(end, end + 20);
  let score = isRange ? 2 : 1;
  if (PAY_WORDS.test(before)) score += 2;
  if (/\bbase\b/i.test(before)) score += 1;
  if (NOT_PAY.test(before)) score -= 4;
  if (/^\s*(?:million|billion|m\b|bn\b|mio|mrd)/i.test(after)) score -= 6;
  return score;
}

/** Every pay amount or range in a text, best first. */
export function findPay(text: string): PayFound[] {
  const all = tokens(text);
  const found: PayFound[] = [];
  for (let i = 0; i < all.length; i++) {
    const a = all[i] as Token;
    const b = all[i + 1];
    if (b && CONNECTOR.test(text.slice(a.end, b.start)) && (a.currency || b.currency)) {
      let min = a.amount;
      const max = b.amount;
      // '$120 - 150k': the k applies to both ends.
      if (b.k && !a.k && min < 1000) min *= 1000;
      if (min >= 1 && max >= min && max < min * 5) {
        const currency = a.currency || b.currency;
        let unit = unitAfter(text.slice(b.end));
        if (!unit)
          unit = UNIT_BEFORE.find(([, p]) => p.test(text.slice(Math.max(0, a.start - 60), a.start)))?.[0] ?? '';
        found.push({ min, max, currency, unit, score: scoreAt(text, a.start, b.end, true) + (unit ? 1 : 0) });
        i++;
        continue;
      }
    }
    if (!a.currency || a.amount < 1) continue;
    const unit = unitAfter(text.slice(a.end));
    const score = scoreAt(text, a.start, a.end, false);
    if (unit || score >= 3)
      found.push({ min: a.amount, max: a.amount, currency: a.currency, unit, score: score + (unit ? 1 : 0) });
  }
  return found.filter((p) => p.score > 0 && p.min >= 5).sort((x, y) => y.score - x.score);
}
