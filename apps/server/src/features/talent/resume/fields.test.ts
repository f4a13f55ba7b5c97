import { describe, expect, it } from 'vitest';
import { extractFields } from './fields';
import { findLinkedin } from './extract/contact';
import { toE164 } from '../../../lib/phone';
import { readPhone } from './extract/phone';
import { parseEducation } from './extract/education';
import { cleanName } from './extract/names';
import { headingOf } from './extract/sections';
import { explicitYears, normaliseDate, parseDateRange, parseWork, yearsFromWork } from './extract/work';

const NOW = new Date('2026-11-01T00:00:00Z');

describe('phone numbers', () => {
  it.each([
    ['+1 (555) 123-4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['555.123.4567', '+15551234567'],
    ['+49 30 1234567', '+49301234567'],
    ['(617) 555-0142', '+16175550142'],
    ['415-555-0199', '+14155550199'],
    ['+91 98765 43210', '+919876543210'],
    ['+33 1 42 68 53 00', '+33142685300'],
    ['0044 20 7946 0958', '+442079460958'],
  ])('finds %s', (written, e164) => {
    const { phone } = extractFields(`Jane Doe | ${written} | jane@example.com`, { now: NOW });
    expect(phone).toBe(written);
    expect(toE164(phone)).toBe(e164);
  });

  it('reads a national number with the country the résumé points to, and shows it in international form', () => {
    // A UK mobile in the drama range is only 'possible' by the plan: the address says which country it is in.
    expect(readPhone('07700 900123', ['GB'])).toMatchObject({ display: '+44 7700 900123', e164: '+447700900123' });
    expect(readPhone('0176 55512345', ['DE'])).toMatchObject({ e164: '+4917655512345', valid: true });
    expect(readPhone('06 11 22 33 44', ['FR'])).toMatchObject({ display: '+33 6 11 22 33 44' });
    const uk = extractFields('Sam Patel\nCambridge CB2 1TN | 07700 900411 | sam@example.org', { now: NOW });
    expect(toE164(uk.phone)).toBe('+447700900411');
    expect(uk.location).toBe('Cambridge, UK');
  });

  it('prefers a labelled number and ignores date ranges, years and birth dates', () => {
    const f = extractFields(
      ['Jane Doe', 'Boston, MA', 'SUMMARY', 'Since 2015 - 2018', 'Mobile: 617.555.0100'].join('\n'),
    );
    expect(f.phone).toBe('617.555.0100');
    expect(
      extractFields(['Jane Doe', 'Geburtsdatum: 14.03.1988', 'Jan 2019 – Present', '03/2017 - 06/2019'].join('\n'))
        .phone,
    ).toBeNull();
  });
});

describe('dates and date ranges', () => {
  it.each([
    ['Jan 2019 – Present', '2019-01', 'Present'],
    ['2018-03 to 2020-11', '2018-03', '2020-11'],
    ['03/2017 - 06/2019', '2017-03', '2019-06'],
    ['2015 – 2018', '2015', '2018'],
    ['January 2016 - March 2019', '2016-01', '2019-03'],
    ['Sept. 2020 — Current', '2020-09', 'Present'],
    ['(2021-01 to present)', '2021-01', 'Present'],
  ])('parses %s', (text, start, end) => {
    expect(parseDateRange(`Engineer, Acme ${text}`)).toMatchObject({ startDate: start, endDate: end });
  });

  it('normalises single dates', () => {
    expect(normaliseDate('Dec 2020')).toBe('2020-12');
    expect(normaliseDate('9/2019')).toBe('2019-09');
    expect(normaliseDate('now')).toBe('Present');
  });

  it('merges overlapping jobs when computing years of experience', () => {
    const work = [
      { employer: 'A', title: 'x', startDate: '2015-01', endDate: '2019-01' },
      { employer: 'B', title: 'y', startDate: '2017-06', endDate: '2020-01' }, // overlaps A
      { employer: 'C', title: 'z', startDate: '2022-01', endDate: 'Present' },
    ];
    expect(yearsFromWork(work, NOW)).toBe(9); // 2015-01..2020-01 (5y) + 2022-01..2026-11 (4y10m)
  });

  it('reads explicit years', () => {
    expect(explicitYears('Engineer with 8+ years of experience')).toBe(8);
    expect(explicitYears('over ten years in hospital settings')).toBe(10);
    expect(explicitYears('Founded in 2015, 300 employees')).toBeNull();
  });
});

describe('headings', () => {
  it('recognises headings in any case and style', () => {
    expect(headingOf('EXPERIENCE')).toBe('experience');
    expect(headingOf('Work History')).toBe('experience');
    expect(headingOf('professional experience:')).toBe('experience');
    expect(headingOf('E X P E R I E N C E')).toBe('experience');
    expect(headingOf('EDUCATION')).toBe('education');
    expect(headingOf('Skills')).toBe('skills');
    expect(headingOf('SUMMARY')).toBe('summary');
    expect(headingOf('Experience with large EHR migrations at three hospitals')).toBeNull();
  });
});

describe('names and links', () => {
  it('takes the name-like line, skipping document titles, headings, contact lines and titles', () => {
    const name = (text: string) => extractFields(text).name;
    expect(name(['RESUME', 'jane@example.com', 'JANE DOE', 'Senior Engineer'].join('\n'))).toBe('Jane Doe');
    expect(name(['Senior Software Engineer', 'Jane van der Berg'].join('\n'))).toBe('Jane van der Berg');
    expect(name('Maria Lopez, RN, MSN | Austin, TX')).toBe('Maria Lopez');
    expect(name("SIOBHÁN O'BRIEN")).toBe("Siobhán O'Brien");
    expect(name(['Currículum Vitae', 'Lucía Ortega Blanco', 'Analista de datos'].join('\n'))).toBe(
      'Lucía Ortega Blanco',
    );
  });

  it('cleans credentials, pronouns, honorifics and letter spacing off a name', () => {
    expect(cleanName('Dr. Samir Haddad, MD, MPH')).toBe('Samir Haddad');
    expect(cleanName('Noor Al-Rashid (she/her)')).toBe('Noor Al-Rashid');
    expect(cleanName('Angela Ruiz, MSN, RN-BC')).toBe('Angela Ruiz');
    expect(cleanName('W I L H E L M I N A   J .   O K O N K W O')).toBe('Wilhelmina J. Okonkwo');
    expect(cleanName('Name: Kwame Mensah')).toBe('Kwame Mensah');
    expect(cleanName('Telefon: 0176 55512345')).toBeNull();
    expect(cleanName('Lebenslauf')).toBeNull();
  });

  it('normalises LinkedIn URLs and finds them in link annotations', () => {
    expect(findLinkedin('in: uk.linkedin.com/in/jdoe/ | github.com/jdoe')).toBe('https://www.linkedin.com/in/jdoe');
    expect(findLinkedin('LinkedIn Profile', ['https://www.linkedin.com/in/jane-doe-42'])).toBe(
      'https://www.linkedin.com/in/jane-doe-42',
    );
    expect(findLinkedin('no profile here')).toBeNull();
  });
});

describe('work history and education', () => {
  it('reads the common entry layouts', () => {
    const work = parseWork([
      'Senior Software Engineer — Brightline Health, Boston, MA   Jan 2021 – Present',
      '• Built things.',
      'CareBridge Systems',
      'Software Engineer   Jun 2017 – Dec 2020',
      '• Built more things.',
      'Acme Health | Data Analyst | 2015 – 2017',
      'Intern at Globex Corp (2014-06 to 2014-09)',
      'Nurse Manager',
      'Mercy Hospital, Springfield, IL',
      '03/2010 - 06/2014',
    ]);
    expect(work).toEqual([
      { employer: 'Brightline Health', title: 'Senior Software Engineer', startDate: '2021-01', endDate: 'Present' },
      { employer: 'CareBridge Systems', title: 'Software Engineer', startDate: '2017-06', endDate: '2020-12' },
      { employer: 'Acme Health', title: 'Data Analyst', startDate: '2015', endDate: '2017' },
      { employer: 'Globex Corp', title: 'Intern', startDate: '2014-06', endDate: '2014-09' },
      { employer: 'Mercy Hospital', title: 'Nurse Manager', startDate: '2010-03', endDate: '2014-06' },
    ]);
  });

  it('reads institutions, degrees and graduation years', () => {
    expect(
      parseEducation(['Northeastern University  2017', 'B.S. Computer Science', 'MBA, Harvard Business School, 2020']),
    ).toEqual([
      { institution: 'Northeastern University', degree: 'B.S. Computer Science', endDate: '2017' },
      { institution: 'Harvard Business School', degree: 'MBA', endDate: '2020' },
    ]);
  });
});

describe('extractFields', () => {
  const text = [
    'ALEX MORGAN',
    'Nurse Informaticist | Health IT',
    'Portland, OR | +1 503 555 0100 | alex.morgan@example.com | linkedin.com/in/alexmorgan | alexmorgan.dev',
    'PROFESSIONAL SUMMARY',
    'RN with a focus on Epic Clarity reporting and telehealth programs.',
    'WORK EXPERIENCE',
    'Nurse Informaticist — Legacy Health   2019 – Present',
    '• Built JS dashboards on Postgres; k8s deployments.',
    'EDUCATION',
    'Oregon Health & Science University, BSN, 2012',
    'SKILLS',
    'Epic, Tableau, SQL, Change management',
  ].join('\n');

  it('returns every profile field', () => {
    const f = extractFields(text, { now: NOW });
    expect(f).toMatchObject({
      name: 'Alex Morgan',
      email: 'alex.morgan@example.com',
      phone: '+1 503 555 0100',
      location: 'Portland, OR',
      linkedin: 'https://www.linkedin.com/in/alexmorgan',
      portfolio: 'https://alexmorgan.dev',
      summary: 'RN with a focus on Epic Clarity reporting and telehealth programs.',
      yearsOfExperience: 7,
      work: [{ employer: 'Legacy Health', title: 'Nurse Informaticist', startDate: '2019', endDate: 'Present' }],
      education: [{ institution: 'Oregon Health & Science University', degree: 'BSN', endDate: '2012' }],
    });
    expect(f.titles).toEqual(['Nurse Informaticist']);
    // Synonyms map to canonical names; tools go to softwareTools; non-vocabulary Skills items are kept.
    expect(f.skills).toEqual(expect.arrayContaining(['RN', 'JavaScript', 'SQL', 'Change management']));
    expect(f.softwareTools).toEqual(expect.arrayContaining(['Epic', 'PostgreSQL', 'Kubernetes', 'Tableau']));
    expect(f.skills).not.toContain('Epic');
    expect(f.industries).toEqual(expect.arrayContaining(['Health IT', 'Telehealth']));
  });

  it('reads inline headings and skill lists wrapped over lines', () => {
    const f = extractFields(
      [
        'Sam Lee',
        'sam@example.com',
        'SKILLS: Python, Change management, 21 CFR Part',
        '11, Stakeholder communication',
        'EXPERIENCE',
        'Analyst, Acme Health  2020 – 2024',
      ].join('\n'),
      { now: NOW },
    );
    expect(f.skills).toEqual(
      expect.arrayContaining(['Python', 'FDA 21 CFR Part 11', 'Change management', 'Stakeholder communication']),
    );
    expect(f.skills).not.toContain('21 CFR Part');
    expect(f.work).toEqual([{ employer: 'Acme Health', title: 'Analyst', startDate: '2020', endDate: '2024' }]);
  });

  it('returns empty values for text without a resume in it', () => {
    const f = extractFields('', { now: NOW });
    expect(f).toEqual({
      name: null,
      email: null,
      phone: null,
      location: null,
      linkedin: null,
      portfolio: null,
      titles: [],
      yearsOfExperience: null,
      skills: [],
      softwareTools: [],
      industries: [],
      summary: null,
      work: [],
      education: [],
    });
  });
});
