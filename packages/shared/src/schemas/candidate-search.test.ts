import { describe, expect, it } from 'vitest';
import { candidateSearchFromParams, candidateSearchQuerySchema, candidateSearchToParams } from './candidate-search';

describe('candidate search URL codec', () => {
  it('round-trips every filter, keeping values that hold commas', () => {
    const filters = candidateSearchQuerySchema.parse({
      q: 'nurse informaticist',
      jobId: '0b9a3f52-1c7e-4f43-9a55-5d4a1f0f8e21',
      locations: ['Boston, MA', 'Remote'],
      involvement: ['full-time'],
      skills: ['Epic', 'HL7'],
      page: 3,
    });
    const params = candidateSearchToParams(filters);
    expect(params.getAll('locations')).toEqual(['Boston, MA', 'Remote']);
    expect(candidateSearchFromParams(params)).toEqual(filters);
  });

  it('leaves out empty and default values, so equal searches have equal URLs', () => {
    const params = candidateSearchToParams(candidateSearchQuerySchema.parse({ page: 1, skills: [] }));
    expect(params.toString()).toBe('');
  });

  it('drops an invalid parameter instead of failing, and reads the older jobTitle as the text', () => {
    const filters = candidateSearchFromParams(
      new URLSearchParams('jobTitle=Analyst&involvement=sometimes&page=-4&skills=SQL&jobId=nope'),
    );
    expect(filters).toMatchObject({ q: 'Analyst', involvement: [], page: 1, skills: ['SQL'] });
    expect(filters.jobId).toBeUndefined();
  });
});
