import { describe, expect, it } from 'vitest';
import { matchScore } from './match';

describe('matchScore (SPEC §9)', () => {
  it('is the percent of the job skills the person has, ignoring case and spaces', () => {
    expect(matchScore(['FHIR', 'HL7', 'TypeScript', 'AWS'], ['fhir ', 'aws', 'Python'])).toBe(50);
  });
  it('rounds to a whole percent and counts duplicate job skills once', () => {
    expect(matchScore(['A', 'B', 'C', 'a'], ['a'])).toBe(33);
  });
  it('is 0 for a job without skills and 100 when every skill is there', () => {
    expect(matchScore([], ['React'])).toBe(0);
    expect(matchScore(['React'], ['React', 'Node.js'])).toBe(100);
  });
});
