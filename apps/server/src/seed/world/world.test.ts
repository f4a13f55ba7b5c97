import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TYPES, SKILLS_VOCABULARY, jobFormSchema } from '@referwell/shared';
import { DEMO_COMPANIES } from './companies';
import { DEMO_JOBS } from './jobs';
import { DEMO_PEOPLE, DEMO_SEEKER, KUDOS_AUTHORS, PAST_EMPLOYERS } from './people';
import { US_CITIES, cityName, cityOfJobLocation } from './places';
import { ROLE_FAMILIES, familyForTitle, familySkills } from './roles';
import { DEMO_YEAR, careerOf, profileOf } from './talent-profiles';

const VOCABULARY = new Set(SKILLS_VOCABULARY.map((s) => s.name));
const CITIES = new Set(US_CITIES.map(cityName));
const everyone = [
  ...DEMO_PEOPLE.map((p) => p.name),
  DEMO_SEEKER.name,
  ...DEMO_COMPANIES.flatMap((c) => [c.admin.name, ...c.referrers.map((r) => r.name)]),
  ...KUDOS_AUTHORS.map((k) => k.author),
];

/** What generated or placeholder data looks like: honorifics, suffixes, role words as surnames, faker towns. */
const PLACEHOLDER_NAME =
  /\b(Mr|Mrs|Ms|Miss|Dr|Prof|Jr|Sr|II|III|IV|MD|PhD|DDS|DVM)\b\.?|\b(Admin|Referrer|Seeker|Test|User|Demo|Example|Candidate)\b/i;
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

describe('the demo world', () => {
  it('posts at least one job of every employment type the product offers', () => {
    for (const type of EMPLOYMENT_TYPES) {
      expect(
        DEMO_JOBS.some((job) => job.employmentType === type),
        type,
      ).toBe(true);
    }
  });

  it("lists on every job only skills of its title's role family, all from the shared vocabulary", () => {
    for (const job of DEMO_JOBS) {
      const family = familyForTitle(job.title);
      expect(family, job.title).toBeDefined();
      const allowed = new Set(familySkills(family!));
      expect(
        job.skills.filter((skill) => !allowed.has(skill)),
        job.title,
      ).toEqual([]);
      expect(job.skills.length, job.title).toBeGreaterThanOrEqual(4);
    }
    for (const family of ROLE_FAMILIES) {
      expect(
        familySkills(family).filter((skill) => !VOCABULARY.has(skill)),
        family.key,
      ).toEqual([]);
      for (const title of family.ladder) expect(familyForTitle(title)?.key, title).toBe(family.key);
    }
  });

  it('gives an integration engineer HL7/FHIR/Mirth and a nurse informaticist Epic/Cerner and clinical skills', () => {
    expect(familyForTitle('Healthcare Integration Engineer (HL7/FHIR)')?.key).toBe('integration');
    expect(familySkills(familyForTitle('Integration Engineer')!)).toEqual(
      expect.arrayContaining(['HL7', 'FHIR', 'Mirth Connect']),
    );
    expect(familySkills(familyForTitle('Nurse Informaticist')!)).toEqual(
      expect.arrayContaining(['Epic', 'Cerner', 'Clinical Informatics', 'RN']),
    );
    expect(familySkills(familyForTitle('Frontend Engineer')!)).not.toContain('HL7');
  });

  it('has written postings: valid form input, no two with one title, description or requirements', () => {
    for (const key of ['title', 'description'] as const) {
      expect(new Set(DEMO_JOBS.map((job) => job[key])).size, key).toBe(DEMO_JOBS.length);
    }
    const lines = DEMO_JOBS.flatMap((job) => [...job.requirements, ...job.responsibilities]);
    expect(new Set(lines).size).toBe(lines.length);
    for (const job of DEMO_JOBS) {
      expect(job.responsibilities.length, job.title).toBeGreaterThanOrEqual(3);
      expect(job.requirements.length, job.title).toBeGreaterThanOrEqual(3);
      const parsed = jobFormSchema.safeParse({
        ...job,
        company: 'Northwind Health',
        responsibilities: job.responsibilities.join('\n'),
        requirements: job.requirements.join('\n'),
      });
      expect(parsed.success, job.title).toBe(true);
    }
  });

  it('pays salaries that fit the role: hourly for part-time, contract and freelance work, senior above entry', () => {
    const annual = (salary: string) => {
      const [low, high] = [...salary.matchAll(/\$(\d+)(k?)/g)].map(([, n, k]) => Number(n) * (k ? 1000 : 2080));
      return { low: low!, high: high! };
    };
    for (const job of DEMO_JOBS) {
      const hourly = /an hour$/.test(job.salary);
      expect(hourly, job.title).toBe(job.employmentType !== 'full-time');
      const { low, high } = annual(job.salary);
      expect(high, job.title).toBeGreaterThan(low);
      expect(low, job.title).toBeGreaterThanOrEqual(60_000);
      expect(high, job.title).toBeLessThanOrEqual(250_000);
    }
    const senior = DEMO_JOBS.find((j) => j.title.startsWith('Senior Integration'))!;
    const entry = DEMO_JOBS.find((j) => j.title.startsWith('Interface Analyst'))!;
    expect(annual(senior.salary).low).toBeGreaterThan(annual(entry.salary).high);
  });

  it('uses person names that look real and only the real US cities listed in places.ts', () => {
    expect(new Set(everyone).size).toBe(everyone.length);
    for (const name of everyone) {
      expect(name, name).toMatch(/^\p{Lu}[\p{L}’'-]+( \p{Lu}[\p{L}’'-]+){1,2}$/u);
      expect(name, name).not.toMatch(PLACEHOLDER_NAME);
    }
    const places = [
      ...DEMO_COMPANIES.map((c) => c.location),
      ...DEMO_JOBS.map((j) => cityOfJobLocation(j.location)).filter((c) => c !== null),
      ...[...DEMO_PEOPLE, DEMO_SEEKER].map((p) => p.city).filter((c) => c !== 'Remote'),
    ];
    for (const place of places) expect(CITIES.has(place), place).toBe(true);
    for (const city of US_CITIES) expect(US_STATES.has(city.state), city.state).toBe(true);
    for (const employer of [...PAST_EMPLOYERS, ...DEMO_COMPANIES.map((c) => c.name)])
      expect(employer).not.toMatch(/\b(Inc|LLC|Group and|and Sons)\b|[-–]\s*\w+$/);
  });

  it('gives every referrer a title and a department', () => {
    for (const company of DEMO_COMPANIES) {
      for (const person of [company.admin, ...company.referrers]) {
        expect(person.title, person.name).toMatch(/\w/);
        expect(person.department, person.name).toMatch(/\w/);
      }
    }
  });

  it("derives each person's titles, skills and years from one career that adds up", () => {
    for (const [index, person] of [...DEMO_PEOPLE, DEMO_SEEKER].entries()) {
      const career = careerOf(person, index);
      const profile = profileOf(person, index);
      expect(career[0]!.from, person.name).toBe(DEMO_YEAR - person.years);
      expect(career.at(-1)!.to, person.name).toBeNull();
      for (const [i, step] of career.slice(1).entries()) expect(step.from).toBe(career[i]!.to);
      expect(profile.yearsOfExperience, person.name).toBe(person.years);
      expect(profile.bio, person.name).toContain(person.years === 1 ? '1 year' : `${person.years} years`);
      for (const title of profile.titles) expect(familyForTitle(title)?.key, title).toBe(person.family);
      if (/^Senior/.test(profile.title)) expect(person.years, person.name).toBeGreaterThanOrEqual(6);
      if (/^(Junior|Associate)/.test(profile.title)) expect(person.years, person.name).toBeLessThanOrEqual(2);
      const own = new Set(familySkills(ROLE_FAMILIES.find((f) => f.key === person.family)!));
      for (const skill of [...profile.skills, ...profile.technicalSkills, ...profile.softwareTools])
        expect(own.has(skill), `${person.name}: ${skill}`).toBe(true);
    }
  });
});
