import { describe, expect, it } from 'vitest';
import { employmentTypesOf, labelField } from './page-evidence';
import { workModeOf } from './page-location';
import { LANGUAGES } from './page-languages';
import { withPayLanguage } from './salary';
import { APPLY_WORDS, JOB_SECTION_WORDS, OTHER_JOBS_HEADINGS, TITLE_NOISE } from './page-vocabulary';
import { findSalary } from './values';

/** One careers page's words per language: a location label, an employment word, a pay line, a section heading. */
const SAMPLES: [string, { location: string; type: [string, string]; pay: [string, string]; section: string }][] = [
  [
    'en',
    {
      location: 'Job location',
      type: ['Full-time', 'full-time'],
      pay: ['$31.50–$42.00/hour', '$31.50 - $42 per hour'],
      section: 'Requirements',
    },
  ],
  [
    'de',
    {
      location: 'Arbeitsort',
      type: ['Teilzeit', 'part-time'],
      pay: ["CHF 105'000 – 125'000 brutto pro Jahr", 'CHF 105,000 - CHF 125,000 per year'],
      section: 'Ihre Aufgaben',
    },
  ],
  [
    'fr',
    {
      location: 'Lieu de travail',
      type: ['CDD', 'contract'],
      pay: ['45 000 € – 55 000 € par an', '€45,000 - €55,000 per year'],
      section: 'Vos missions',
    },
  ],
  [
    'es',
    {
      location: 'Ubicación',
      type: ['Jornada completa', 'full-time'],
      pay: ['$35,000 - $45,000 MXN mensuales', 'MXN 35,000 - MXN 45,000 per month'],
      section: 'Requisitos',
    },
  ],
  [
    'nl',
    {
      location: 'Standplaats',
      type: ['Deeltijd', 'part-time'],
      pay: ['€3.900 – €5.200 bruto per maand', '€3,900 - €5,200 per month'],
      section: 'Wat ga je doen',
    },
  ],
  [
    'pl',
    {
      location: 'Miejsce pracy',
      type: ['pełny etat', 'full-time'],
      pay: ['9 500 – 12 000 zł brutto miesięcznie', 'PLN 9,500 - PLN 12,000 per month'],
      section: 'Zakres obowiązków',
    },
  ],
  [
    'it',
    {
      location: 'Sede di lavoro',
      type: ['Tempo determinato', 'contract'],
      pay: ['€ 2.400 – 2.900 lordi al mese', '€2,400 - €2,900 per month'],
      section: 'Requisiti',
    },
  ],
  [
    'pt',
    {
      location: 'Local de trabalho',
      type: ['Meio período', 'part-time'],
      pay: ['R$ 7.800 – R$ 9.500 por mês', 'BRL 7,800 - BRL 9,500 per month'],
      section: 'Responsabilidades',
    },
  ],
  [
    'sv',
    {
      location: 'Arbetsort',
      type: ['Vikariat', 'contract'],
      pay: ['42 000 – 48 000 kr per månad', 'SEK 42,000 - SEK 48,000 per month'],
      section: 'Arbetsuppgifter',
    },
  ],
  [
    'da',
    {
      location: 'Arbejdssted',
      type: ['Fuldtid', 'full-time'],
      pay: ['45.000 – 52.000 kr. pr. måned', 'DKK 45,000 - DKK 52,000 per month'],
      section: 'Dine opgaver',
    },
  ],
  [
    'no',
    {
      location: 'Arbeidssted',
      type: ['Deltid', 'part-time'],
      pay: ['650 000 – 750 000 kr per år', 'NOK 650,000 - NOK 750,000 per year'],
      section: 'Arbeidsoppgaver',
    },
  ],
  [
    'fi',
    {
      location: 'Sijainti',
      type: ['Määräaikainen', 'contract'],
      pay: ['4 200 – 5 000 € / kk', '€4,200 - €5,000 per month'],
      section: 'Tehtävät',
    },
  ],
];

describe('language tables: each of the twelve languages reads a careers page', () => {
  it.each(SAMPLES)('%s: a location label, an employment word, a pay line and a section heading', (language, sample) => {
    expect(labelField(`${sample.location}:`)).toBe('location');
    expect(employmentTypesOf(sample.type[0])[0]).toBe(sample.type[1]);
    expect(withPayLanguage(language, () => findSalary(`${sample.pay[0]}`))).toBe(sample.pay[1]);
    expect(JOB_SECTION_WORDS.test(sample.section)).toBe(true);
  });

  it('every added language names work modes, other-jobs blocks, apply buttons and careers wording', () => {
    for (const [code, words] of Object.entries(LANGUAGES)) {
      expect(workModeOf(words.remote[0] ?? ''), code).toBe('Remote');
      expect(workModeOf(words.hybrid[0] ?? ''), code).toBe('Hybrid');
      expect(OTHER_JOBS_HEADINGS, code).toContain(words.otherJobs[0]);
      expect(APPLY_WORDS.test(words.apply[0] ?? ''), code).toBe(true);
      expect(TITLE_NOISE.test(words.careers[0] ?? ''), code).toBe(true);
    }
  });

  it('reads workloads in any language: FTE, percentages and hours a week', () => {
    expect(employmentTypesOf('FTE: 1.0')).toEqual(['full-time']);
    expect(employmentTypesOf('FTE: 0.9')).toEqual(['part-time']);
    expect(employmentTypesOf('Pensum 100%')).toEqual(['full-time']);
    expect(employmentTypesOf('Fast, deltid (30 timer)')).toEqual(['part-time']);
    expect(employmentTypesOf('Fastansættelse, 32 timer om ugen')).toEqual(['part-time']);
    expect(employmentTypesOf('37.5 hours per week')).toEqual(['full-time']);
  });
});
