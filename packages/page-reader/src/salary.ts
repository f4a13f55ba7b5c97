/**
 * Pay ranges in free text, in the formats of every locale: the currency before or after the amount as an ISO code,
 * a symbol or a local word ('zł', 'kr', 'Kč', 'lei', 'Ft', 'R$'; packages/shared/src/currencies.ts), amounts in any
 * digit grouping ('120,000', '3.900', '18,00,000', "105'000", '9 500', '12.000,00'), 'k', the words between the ends
 * of a range and the pay period in the readers' languages ('per hour', '/hr', 'brutto jährlich', 'par mois',
 * 'miesięcznie', 'al mese', '/ kk', 'pr. måned'). Where a page gives an employment-contract range and a B2B or
 * contractor one, the employment contract's comes first.
 */
import { CURRENCY_CODES, CURRENCY_MARKS, KRONA_BY_LANGUAGE, parseLocaleAmount } from '@referwell/shared';

export type PayUnit = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR' | '';

export interface PayFound {
  min: number;
  max: number;
  currency: string;
  unit: PayUnit;
  /** Higher is more surely the job's base pay ('Salary: …' beats 'OTE …' and '$40 million raised'). */
  score: number;
  /** 'b2b' for a contractor's (B2B, invoiced, PJ) range, 'employment' for an employment contract's, else ''. */
  contract: 'b2b' | 'employment' | '';
}

const escape = (s: string) => s.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
const LETTER_MARKS = Object.keys(CURRENCY_MARKS).filter((m) => /^\p{L}/u.test(m));
const SIGN_MARKS = Object.keys(CURRENCY_MARKS).filter((m) => !/^\p{L}/u.test(m) && !/^[:,]/.test(m));
const byLength = (a: string, b: string) => b.length - a.length;
const CURRENCY = String.raw`(?:${[...SIGN_MARKS.filter((m) => /\$/.test(m)), ...SIGN_MARKS.filter((m) => !/\$/.test(m))]
  .sort(byLength)
  .map(escape)
  .join('|')}|(?<![\p{L}])(?:${[...CURRENCY_CODES, ...LETTER_MARKS].sort(byLength).map(escape).join('|')})(?![\p{L}]))`;
const NUMBER = String.raw`\d{1,3}(?:(?:[,.'’]|[\u00a0\u202f\u2009 ](?=\d{3}(?!\d)))\d{2,3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const K = String.raw`(?:\s?[kK](?![\p{L}]))?`;
const TOKEN = new RegExp(
  String.raw`(${CURRENCY})\s?(${NUMBER})(${K})(?:\s?(${CURRENCY}))?|(${NUMBER})(${K})\s?(${CURRENCY})|(?<![\d.,])(${NUMBER})(${K})(?![\d%])`,
  'gu',
);
const CONNECTOR =
  /^\s*(?:-|–|—|to|bis|à|a|al|tot|til|till|do|até|ate|e|en|and|y|und|et|och|og|ja|és|až|through|max(?:imum)?\.?:?|(?:-|–)\s*max(?:imum)?\.?:?)\s*$/i;

/** Which currency 'kr' and ',-' mean on a page in this language ('' when the page does not say). */
let krona = '';

/** Reads pay with the page's language in mind ('kr' is SEK in Swedish, NOK in Norwegian, DKK in Danish). */
export function withPayLanguage<T>(language: string, read: () => T): T {
  const before = krona;
  krona = KRONA_BY_LANGUAGE[language.toLowerCase().split('-')[0] ?? ''] ?? '';
  try {
    return read();
  } finally {
    krona = before;
  }
}

function currencyCode(mark: string): string {
  const m = mark.trim();
  if (m in CURRENCY_MARKS) return CURRENCY_MARKS[m] || (/^kr/i.test(m) || m === ',-' ? krona : '');
  const upper = m.toUpperCase();
  return CURRENCY_CODES.includes(upper) ? upper : (CURRENCY_MARKS[m.toLowerCase()] ?? '');
}

const PERIOD_WORDS: [PayUnit, RegExp][] = [
  [
    'HOUR',
    /^(?:hours?|hr|hrs|hourly|h|stunde|std|heure|hora|uur|ora|l'ora|orari[oe]?|godz(?:ina|\.)?|timme|timmen|tim|time|timen|tunti|tunnilta|hod(?:ina|\.)?|oră|ora|óra|órabér)(?![\p{L}])/iu,
  ],
  [
    'MONTH',
    /^(?:months?|mo|mth|monthly|monat|monatlich|mois|mensuel(?:le)?s?|mes|mês|mensal|mensais|mensual(?:es)?|maand|maandelijks|mese|mensil[ei]|mies\.?|miesięcznie|miesiąc|mc|månad(?:en)?|mån\.?|måned(?:en)?|md\.?|kk|kuukaudessa|kuukausi|měsíčně|měsíc|lună|lunar|hó|havonta|havi)(?![\p{L}])/iu,
  ],
  ['WEEK', /^(?:weeks?|wk|weekly|woche|semaine|semana|week|settimana|tydzień|vecka|uge|uke|viikko)(?![\p{L}])/iu],
  ['DAY', /^(?:days?|daily|tag|jour|día|dia|dag|giorno|dzień|päivä)(?![\p{L}])/iu],
  [
    'YEAR',
    /^(?:years?|yr|annum|annually|yearly|jahr|jährlich|jaehrlich|an|année|annuel(?:le)?s?|año|anual(?:es)?|ano|jaar|jaarlijks|anno|annu[oi]|annuali|l'anno|rok|rocznie|år|året|årlig|vuodessa|vuosi|ročně|rok|an|anual|évente|év|p\.?\s?a\.?)(?![\p{L}])/iu,
  ],
];
const FILLER = new RegExp(
  String.raw`^(?:[\s,/()+]+|(?:gross|brutto|bruto|brutos|brut|bruts|lordi|lordo|ilíquidos|ilíquido|bruttó|net|netto|nett|netti|vat|mva|moms|alv|base|salary|pre-tax|before tax|per|pro|par|por|pr\.?|al|all'|a|im|el|la|op|in|de|em|ao|i|om|pe|na|za|each|every)(?![\p{L}'])|an(?=\s+\p{L})|l'|de l'|(?:${CURRENCY}))+`,
  'iu',
);

function unitAfter(text: string): PayUnit {
  const rest = text.slice(0, 50).replace(FILLER, '');
  for (const [unit, pattern] of PERIOD_WORDS) if (pattern.test(rest)) return unit;
  return '';
}

const UNIT_BEFORE: [PayUnit, RegExp][] = [
  ['HOUR', /\b(?:hourly|stundenlohn|taux horaire|per hour|stawka godzinowa|timlön|tuntipalkka)\b[^.]*$/i],
  [
    'YEAR',
    /(?:annual|yearly|jahresgehalt|bruttojahresgehalt|annuel|anual|\bRAL\b|\bCTC\b|retribuzione lorda annua|årslön|årslønn|vuosipalkka|roczne)[^.]*$/i,
  ],
  ['MONTH', /(?:monthly|monatsgehalt|mensuel|mensual|månadslön|månedsløn|månedslønn|kuukausipalkka|miesięczne)[^.]*$/i],
];

const PAY_WORDS =
  /(?:salary|salaries|pay|compensation|wage|rate|base|ctc|gehalt|vergütung|verguetung|lohn|salaire|rémunération|gratification|salario|sueldo|retribución|remuneración|salaris|beloning|bruto|brutto|wynagrodzenie|widełki|stawka|retribuzione|ral|stipendio|salário|remuneração|vencimento|faixa salarial|lön|løn|lønn|palkka|mzda|salariu|bérezés|fizetés)/i;
const NOT_PAY =
  /\b(?:ote|on[-\s]target|bonus|equity|raised|funding|revenue|quota|series [a-d]|valuation|budget|umsatz|chiffre d'affaires)\b[^.]*$/i;
const B2B =
  /(?:\bB2B\b|\+\s*VAT|netto\s*\(?\+|\bPJ\b|contractor|invoice|faktur|self[-\s]employed|auto-?entrepreneur|partita iva)/i;
const EMPLOYMENT =
  /(?:\bUoP\b|umowa o pracę|employment contract|\bCLT\b|contrato de trabalho|arbeitsvertrag|festanstellung|contrat de travail|\bCDI\b|permanent)/i;

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
    const mark = m[1] ?? m[4] ?? m[7] ?? '';
    const number = m[2] ?? m[5] ?? m[8] ?? '';
    const k = m[3] ?? m[6] ?? m[9] ?? '';
    // '$35,000 MXN': a code after the amount says more than the sign before it.
    const code = m[4] ? currencyCode(m[4]) || currencyCode(mark) : currencyCode(mark);
    const amount = parseLocaleAmount(number);
    if (!Number.isFinite(amount)) continue;
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      amount: k.trim() ? amount * 1000 : amount,
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
  if (/^\s*(?:million|billion|m|bn|mio|mrd|mln|mld|miljoner|millioner|miljoonaa)(?![\p{L}])/iu.test(after)) score -= 6;
  return score;
}

/** Whether the words around a range name a B2B (contractor) or an employment contract. */
function contractAt(text: string, start: number, end: number): PayFound['contract'] {
  // The words after the range up to the next amount, else those before it back to the previous amount.
  const after = text.slice(end, end + 45).split(/\n|\d/)[0] ?? '';
  const before =
    text
      .slice(Math.max(0, start - 30), start)
      .split(/\n|\d/)
      .at(-1) ?? '';
  for (const words of [after, before]) {
    if (B2B.test(words)) return 'b2b';
    if (EMPLOYMENT.test(words)) return 'employment';
  }
  return '';
}

/** Every pay amount or range in a text, best first (an employment contract's range before a B2B one). */
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
        const currency = b.currency || a.currency;
        let unit = unitAfter(text.slice(b.end));
        if (!unit)
          unit = UNIT_BEFORE.find(([, p]) => p.test(text.slice(Math.max(0, a.start - 60), a.start)))?.[0] ?? '';
        const contract = contractAt(text, a.start, b.end);
        const score =
          scoreAt(text, a.start, b.end, true) + (unit ? 1 : 0) + (contract === 'b2b' ? -1.5 : contract ? 0.5 : 0);
        found.push({ min, max, currency, unit, score, contract });
        i++;
        continue;
      }
    }
    if (!a.currency || a.amount < 1) continue;
    let unit = unitAfter(text.slice(a.end));
    if (!unit) unit = UNIT_BEFORE.find(([, p]) => p.test(text.slice(Math.max(0, a.start - 60), a.start)))?.[0] ?? '';
    const score = scoreAt(text, a.start, a.end, false);
    const contract = contractAt(text, a.start, a.end);
    if (unit || score >= 3)
      found.push({ min: a.amount, max: a.amount, currency: a.currency, unit, score: score + (unit ? 1 : 0), contract });
  }
  return found.filter((p) => p.score > 0 && p.min >= 5).sort((x, y) => y.score - x.score);
}
