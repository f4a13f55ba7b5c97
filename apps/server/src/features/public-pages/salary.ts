/** A salary text ("$120k - $150k", "USD 95,000", "€40/hour") as numbers, for structured data. */
export interface SalaryRange {
  currency: string;
  min: number;
  max: number;
  unit: 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
}

const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

function unitOf(text: string): SalaryRange['unit'] {
  if (/\/\s*h(ou)?r|per hour|hourly|an hour/i.test(text)) return 'HOUR';
  if (/\/\s*day|per day|daily/i.test(text)) return 'DAY';
  if (/\/\s*w(ee)?k|per week|weekly/i.test(text)) return 'WEEK';
  if (/\/\s*mo(nth)?|per month|monthly/i.test(text)) return 'MONTH';
  return 'YEAR';
}

/** Null when the text has no amount (e.g. "Competitive"); a single amount is both ends of the range. */
export function parseSalary(text: string | null, defaultCurrency = 'USD'): SalaryRange | null {
  if (!text) return null;
  const amounts = [...text.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*([kKmM])?/g)]
    .map(([, digits = '', suffix]) => {
      const value = Number(digits.replaceAll(',', ''));
      const scale = suffix?.toLowerCase() === 'k' ? 1_000 : suffix?.toLowerCase() === 'm' ? 1_000_000 : 1;
      return value * scale;
    })
    .filter((value) => Number.isFinite(value) && value > 0);
  if (amounts.length === 0) return null;
  const symbol = /[$€£]/.exec(text)?.[0];
  const code = /\b(USD|EUR|GBP|CAD|AUD|CHF|INR|SGD|ILS|MXN)\b/i.exec(text)?.[1];
  const currency = code?.toUpperCase() ?? (symbol ? SYMBOLS[symbol]! : defaultCurrency);
  const [first, second = first] = amounts as [number, number | undefined];
  return { currency, min: Math.min(first, second), max: Math.max(first, second), unit: unitOf(text) };
}
