import { describe, expect, it } from 'vitest';
import { profileCompleteness, talentSlug } from './talent';

describe('talentSlug (SPEC §2)', () => {
  it('lowercases and turns the first space into a hyphen', () => {
    expect(talentSlug('Jane Doe')).toBe('jane-doe');
  });
  it('keeps the slug a clean path segment for longer or accented names', () => {
    expect(talentSlug('  María  José de la Cruz ')).toBe('maria-jose-de-la-cruz');
    expect(talentSlug("O'Brien, Seán")).toBe('obrien-sean');
    expect(talentSlug('李')).toBe('talent');
  });
});

describe('profileCompleteness', () => {
  const empty = {
    titles: [],
    skills: [],
    technicalSkills: [],
    softwareTools: [],
    industries: [],
    interests: [],
    hasResume: false,
  };
  it('is 0 with everything missing and lists the parts', () => {
    const result = profileCompleteness(empty);
    expect(result.percent).toBe(0);
    expect(result.missing).toContain('Professional titles');
  });
  it('is 100 for a full profile', () => {
    expect(
      profileCompleteness({
        titles: ['Nurse Informaticist'],
        skills: ['Epic'],
        technicalSkills: ['SQL'],
        softwareTools: ['Tableau'],
        location: 'Boston, MA',
        bio: 'Ten years at the bedside.',
        industries: ['EHR'],
        employmentStatus: 'open',
        hasResume: true,
        portfolio: 'https://me.example',
        interests: ['Telehealth'],
      }),
    ).toEqual({ percent: 100, missing: [] });
  });
});
