import { describe, expect, it } from 'vitest';
import type { DocLine, Zone } from '../layout/types';
import { extractFields } from '../fields';
import { headingKey, lookupHeading, LANGUAGES, HEADINGS, monthNumber } from './languages';
import { formatPlace, readPlace } from './places';
import { pick } from './evidence';

const NOW = new Date('2026-11-01T00:00:00Z');

/** Lines of a layout: [text, zone, size, block] (cells split at two spaces). */
function layout(rows: [string, Zone?, number?, number?][]): DocLine[] {
  return rows.map(([text, zone = 'body', size = 1, block = 0], i) => ({
    text,
    cells: text.split(/ {2,}/),
    page: 1,
    block,
    zone,
    size,
    top: i / 60,
  }));
}

describe('pick (evidence adds up)', () => {
  it('takes the value with the most support: the strongest sighting plus half of each further one', () => {
    expect(
      pick([
        { value: 'a', key: 'a', score: 3 },
        { value: 'b', key: 'b', score: 2.5 },
        { value: 'b', key: 'b', score: 2.5 },
      ]),
    ).toBe('b');
    expect(pick([{ value: 'a', key: 'a', score: 1 }], 2)).toBeNull();
  });
});

describe('evidence sources', () => {
  const body: [string, Zone?, number?, number?][] = [
    ['EXPERIENCE', 'body', 1.2, 2],
    ['Clinical Data Analyst — Northfield Medical Centre, Boston, MA  02/2019 – Present', 'body', 1, 2],
    ['• Built dashboards in Tableau on SQL data for the Springfield clinics.', 'body', 1, 2],
  ];

  it('a name and contact block in a sidebar (the main column read first)', () => {
    const f = extractFields(
      layout([
        ['PROFILE', 'body', 1.2, 0],
        ['Analyst turning hospital data into decisions.', 'body', 1, 0],
        ...body,
        ['Ana', 'side', 2.6, 5],
        ['Costa-Pereira', 'side', 2.6, 5],
        ['Clinical Data Analyst', 'side', 1.2, 5],
        ['CONTACT', 'side', 1.2, 6],
        ['Remote (EU) / Porto, Portugal', 'side', 0.95, 6],
        ['+351 935 555 012', 'side', 0.95, 6],
        ['ana@example.org', 'side', 0.95, 6],
      ]),
      { now: NOW },
    );
    expect(f).toMatchObject({ name: 'Ana Costa-Pereira', location: 'Porto, Portugal', email: 'ana@example.org' });
    expect(f.phone).toBe('+351 935 555 012');
  });

  it('labelled cells (a label/value table) and a postcode before the city', () => {
    const f = extractFields(
      layout([
        ['Lebenslauf', 'body', 1.3],
        ['Matteo Brandt', 'body', 2.2],
        ['Persönliche Daten', 'body', 1.2],
        ['Anschrift  Gartenweg 4', 'body', 0.95],
        ['10115 Berlin', 'body', 0.95],
        ['Telefon  030 1234567', 'body', 0.95],
        ['Geburtsdatum  01.02.1990', 'body', 0.95],
        ['BERUFSERFAHRUNG', 'body', 1.2, 1],
        ['03.2018 – heute  Data Engineer', 'body', 1, 1],
        ['Vivantes Klinikum, Berlin', 'body', 1, 1],
      ]),
      { now: NOW },
    );
    expect(f).toMatchObject({ name: 'Matteo Brandt', location: 'Berlin, Germany', phone: '+49 30 1234567' });
  });

  it('a footer and a page header (the body has no contact details)', () => {
    const f = extractFields(
      layout([
        ['Kwame Mensah', 'header', 2.2, 0],
        ['Clinical Data Analyst', 'header', 1.2, 0],
        ...body,
        ['Cambridge CB2 1TN · 07700 900411 · kwame@example.org', 'footer', 0.8, 9],
      ]),
      { now: NOW },
    );
    expect(f).toMatchObject({ name: 'Kwame Mensah', location: 'Cambridge, UK', phone: '+44 7700 900411' });
  });

  it("a job's town is not where the person lives, and the name with a credential is not a town in Maryland", () => {
    const f = extractFields(
      layout([['Dr. Samir Haddad, MD', 'body', 2.2], ['samir@example.org  (804) 555-0133', 'body', 0.95], ...body]),
      { now: NOW },
    );
    expect(f.name).toBe('Samir Haddad');
    expect(f.location).toBeNull();
  });

  it('skills from a grid and sub-labelled lists; a town pushed into the skills list is not a skill', () => {
    const f = extractFields(
      layout([
        ['Kim Osei', 'body', 2.2],
        ['Richmond, VA  kim@example.org', 'body', 0.95],
        ['CORE COMPETENCIES', 'body', 1.2, 1],
        ['• Data quality  • Stakeholder management  • Dashboards', 'body', 1, 1],
        ['SKILLS', 'side', 1.2, 2],
        ['Languages: Go, Java (advanced), SQL', 'side', 1, 2],
        ['Accessibility (WCAG) / Figma', 'side', 1, 2],
        ['Richmond, VA', 'side', 1, 2],
        ['LANGUAGES', 'side', 1.2, 3],
        ['English, Twi', 'side', 1, 3],
      ]),
      { now: NOW },
    );
    const all = [...f.skills, ...f.softwareTools];
    expect(all).toEqual(
      expect.arrayContaining([
        'Data quality',
        'Stakeholder management',
        'Dashboards',
        'Go',
        'Java',
        'SQL',
        'WCAG',
        'Figma',
      ]),
    );
    expect(all).toContain('Accessibility');
    expect(all).not.toContain('Richmond, VA');
    expect(all).not.toContain('English');
    expect(all).not.toContain('advanced');
  });
});

describe('sections', () => {
  it("keep a job going past its inline 'Tech stack:' list, and read letter-spaced headings", () => {
    const f = extractFields(
      [
        'Lena Park',
        'lena@example.org',
        'E M P L O Y M E N T  H I S T O R Y',
        'Backend Engineer — Tidewater Health  2020 – Present',
        '• Built claims services.',
        'Tech stack: Go, Kafka, Temporal',
        'Software Engineer — Bayside Clinics  2016 – 2020',
        'I T - K E N N T N I S S E',
        'Python; SQL',
      ].join('\n'),
      { now: NOW },
    );
    expect(f.work.map((w) => w.employer)).toEqual(['Tidewater Health', 'Bayside Clinics']);
    expect([...f.skills, ...f.softwareTools]).toEqual(
      expect.arrayContaining(['Go', 'Kafka', 'Temporal', 'Python', 'SQL']),
    );
  });
});

describe('places by shape', () => {
  it.each([
    ['Remote (US) · Columbia, SC', [], 'Columbia, SC'],
    ['Derby DE1 3AH', [], 'Derby, UK'],
    ['Calle Mayor 3, 28013 Madrid', [], 'Madrid, Spain'],
    ['Rua Augusta 10, 1100-053 Lisboa', [], 'Lisboa, Portugal'],
    ['2514 GL Den Haag', [], 'Den Haag, Netherlands'],
    ['Bilbao (Bizkaia)', ['ES'], 'Bilbao, Spain'],
    ['Graz, Österreich', [], 'Graz, Austria'],
    ['Springfield, Illinois', [], 'Springfield, Illinois'],
    ['Stuttgart', ['DE'], 'Stuttgart, Germany'],
    ['Data Analyst Boston, MA', [], 'Boston, MA'],
  ])('%s → %s', (text, hints, place) => {
    const found = readPlace(text, hints);
    expect(found && formatPlace(found)).toBe(place);
  });

  it('is not fooled by titles, skills and streets', () => {
    for (const text of ['Senior Data Analyst', 'Python', 'Königstraße 21', 'Epic Willow', 'Jane Doe'])
      expect(readPlace(text)).toBeNull();
  });
});

describe('languages as data', () => {
  it('has the four section kinds in each of twelve languages', () => {
    for (const lang of LANGUAGES)
      for (const kind of ['experience', 'education', 'skills', 'summary'] as const)
        expect(HEADINGS[kind][lang]?.length, `${kind} ${lang}`).toBeGreaterThan(0);
  });

  it.each([
    ['Berufserfahrung', 'experience', 'de'],
    ['EXPÉRIENCE PROFESSIONNELLE', 'experience', 'fr'],
    ['Formación académica', 'education', 'es'],
    ['Competenze', 'skills', 'it'],
    ['Werkervaring', 'experience', 'nl'],
    ['Doświadczenie zawodowe', 'experience', 'pl'],
    ['Arbetslivserfarenhet', 'experience', 'sv'],
    ['Uddannelse', 'education', 'da'],
    ['Arbeidserfaring', 'experience', 'no'],
    ['Työkokemus', 'experience', 'fi'],
    ['Experiência profissional', 'experience', 'pt'],
    ['S K I L L S', 'skills', 'en'],
  ])('%s is a %s heading (%s)', (heading, kind, lang) => {
    expect(lookupHeading(heading)).toMatchObject({ kind, langs: expect.arrayContaining([lang]) });
  });

  it('folds letter spacing, case and accents', () => {
    expect(headingKey('E X P É R I E N C E')).toBe('experience');
  });

  it('reads month names of every language', () => {
    expect(monthNumber('März')).toBe(3);
    expect(monthNumber('janv.')).toBe(1);
    expect(monthNumber('dic')).toBe(12);
    expect(monthNumber('październik')).toBe(10);
  });
});
