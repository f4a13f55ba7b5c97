// Resume field extraction, the evidence model: each field collects candidates from every place it can live (a
// header, a sidebar, a labelled cell, a page header or footer, a text box), each scored by where it sits, what
// says it is that field (a label, a shape) and whether other fields agree with it; the same value found in several
// places adds up. The same idea as the careers-page reader, kept small and local.
import type { Line } from './sections';

export interface Candidate<T> {
  value: T;
  /** Values with one key are one answer found in several places. */
  key: string;
  score: number;
}

/** The best-supported value: the strongest sighting of a key plus half of each further one. */
export function pick<T>(candidates: Candidate<T>[], minimum = 0): T | null {
  const byKey = new Map<string, { value: T; scores: number[] }>();
  for (const c of candidates) {
    const entry = byKey.get(c.key);
    if (entry) entry.scores.push(c.score);
    else byKey.set(c.key, { value: c.value, scores: [c.score] });
  }
  let best: { value: T; total: number } | null = null;
  for (const { value, scores } of byKey.values()) {
    scores.sort((a, b) => b - a);
    const total = scores[0]! + scores.slice(1).reduce((s, x) => s + x / 2, 0);
    if (!best || total > best.total) best = { value, total };
  }
  return best && best.total >= minimum ? best.value : null;
}

/**
 * How much a line's place says 'contact details live here': the top of the first page before any heading, a
 * contact section, a sidebar, a page header, a text box or a footer — and not a job's line in the experience.
 */
export function contactPlace(line: Line): number {
  let score = 0;
  if (line.section === 'header' || line.section === 'contact') score += 2;
  if (line.zone === 'header') score += 2;
  else if (line.zone === 'box') score += 1.5;
  else if (line.zone === 'side' || line.zone === 'footer') score += 1;
  if (line.page === 1 && line.top !== null && line.top <= 0.25) score += 1;
  if (line.page > 1 && line.zone !== 'footer') score -= 1;
  if (line.section === 'experience' || line.section === 'education' || line.section === 'publications') score -= 3;
  if (line.section === 'summary' || line.section === 'other') score -= 1;
  return score;
}

/** Lines of the same block within `reach` lines of a line (a contact block's neighbours). */
export function neighbours(lines: Line[], line: Line, reach = 3): Line[] {
  return lines.filter((l) => l !== line && l.block === line.block && Math.abs(l.index - line.index) <= reach);
}
