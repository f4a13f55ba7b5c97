import { describe, expect, it } from 'vitest';
import { measureAccuracy, measureCorpusAccuracy, type Report } from './accuracy';

/** Fails when the import gets worse: thresholds from issue 16 (a drop below them fails CI). */
describe('job import accuracy over the fixture corpus', () => {
  const result = measureAccuracy();
  const misses = (r: Report) => r.misses.join('\n');

  it('reads ≥ 98% of fields right on pages with structured data (JSON-LD, microdata)', () => {
    expect(result.structured.overall, misses(result.structured)).toBeGreaterThanOrEqual(0.98);
  });

  it('reads ≥ 90% of fields right on pages without structured data, and ≥ 80% of each field', () => {
    expect(result.unstructured.pages).toBeGreaterThanOrEqual(33);
    expect(result.unstructured.overall, misses(result.unstructured)).toBeGreaterThanOrEqual(0.9);
    for (const [field, { hits, total }] of Object.entries(result.unstructured.fields))
      expect(hits / total, `${field}\n${misses(result.unstructured)}`).toBeGreaterThanOrEqual(0.8);
  });

  it('reads ≥ 90% of fields right on the held-out pages (the second set was measured blind at 95.0%)', () => {
    expect(result.holdout.overall, misses(result.holdout)).toBeGreaterThanOrEqual(0.9);
    expect(result.holdout2.overall, misses(result.holdout2)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads ≥ 98% of fields right on held-out pages with structured data (measured blind at 100%)', () => {
    expect(result.holdoutStructured.pages).toBeGreaterThanOrEqual(4);
    expect(result.holdoutStructured.overall, misses(result.holdoutStructured)).toBeGreaterThanOrEqual(0.98);
  });

  it('proposes tool names from held-out requirements that are real skills (≥ 90%) and finds most of them (≥ 55%)', () => {
    // Judged by the skills vocabulary, which the name finder does not use; measured blind at 100% / 60%.
    const { precision, recall, misses } = result.suggestions;
    expect(precision, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(recall, misses.join('\n')).toBeGreaterThanOrEqual(0.55);
  });

  it('finds a job on every job page and none on pages that are not jobs', () => {
    expect(result.detection.overall, misses(result.detection)).toBe(1);
  });
});

/**
 * The corpus of issue 37: careers pages of template families and languages nobody named. The held-out part was
 * written before the reader was tuned and never looked at while tuning; these are its figures when it was first
 * measured after tuning, field by field (a drop fails).
 */
describe('job import accuracy over the corpus (tuned and held-out parts)', () => {
  const { tuned, heldOut } = measureCorpusAccuracy();
  const misses = (r: Report) => r.misses.join('\n');
  const field = (r: Report, name: string) => (r.fields[name] ? r.fields[name].hits / r.fields[name].total : 0);

  it('has a held-out third: 30+ pages of 30 families in 13+ languages, beside 30+ tuned pages', () => {
    expect(heldOut.all.pages).toBeGreaterThanOrEqual(30);
    expect(heldOut.all.families).toBeGreaterThanOrEqual(30);
    expect(heldOut.all.languages).toBeGreaterThanOrEqual(13);
    expect(tuned.all.pages).toBeGreaterThanOrEqual(30);
    expect(heldOut.structured.pages).toBeGreaterThanOrEqual(10);
  });

  it('held-out pages without structured data: ≥ 90% of fields, and no field below its measured figure', () => {
    const r = heldOut.unstructured;
    expect(r.overall, misses(r)).toBeGreaterThanOrEqual(0.9);
    const floors = { title: 0.94, company: 0.94, location: 0.73, job_type: 0.89, salary: 0.94, skills: 0.93 };
    for (const [name, floor] of Object.entries(floors))
      expect(field(r, name), `${name}\n${misses(r)}`).toBeGreaterThanOrEqual(floor);
  });

  it('held-out pages with structured data (JSON-LD, microdata, JSON of any shape): ≥ 98% of fields', () => {
    const r = heldOut.structured;
    expect(r.overall, misses(r)).toBeGreaterThanOrEqual(0.98);
    const floors = { title: 1, company: 1, location: 1, job_type: 1, salary: 1, skills: 0.92 };
    for (const [name, floor] of Object.entries(floors))
      expect(field(r, name), `${name}\n${misses(r)}`).toBeGreaterThanOrEqual(floor);
  });

  it('tuned pages: ≥ 95% of fields with and without structured data', () => {
    expect(tuned.unstructured.overall, misses(tuned.unstructured)).toBeGreaterThanOrEqual(0.95);
    expect(tuned.structured.overall, misses(tuned.structured)).toBeGreaterThanOrEqual(0.95);
  });
});
