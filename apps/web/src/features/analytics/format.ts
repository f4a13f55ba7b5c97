/** Figures in the reader's locale (the browser's language). */
const count = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (value: number) => count.format(value);
export const formatPercent = (value: number | null) => (value === null ? '—' : percent.format(value));
export const formatDays = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} d`);
export const formatHours = (value: number | null) => (value === null ? '—' : `${decimal.format(value)} h`);
