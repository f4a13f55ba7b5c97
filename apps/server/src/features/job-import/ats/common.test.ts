import { describe, expect, it } from 'vitest';
import { companyFromText } from './common';

describe('the company of an ATS posting whose API does not name it', () => {
  it('is spelled as the posting text spells it, found by the board slug', () => {
    expect(companyFromText('Lever Clinic is an equal opportunity employer.', 'leverclinic')).toBe('Lever Clinic');
    expect(companyFromText('Join us. At Harbor Labs, we build data tools.', 'harbor-labs')).toBe('Harbor Labs');
  });

  it('falls back to the slug made readable when the text never names it', () => {
    expect(companyFromText('We build data tools for clinics.', 'acme-health')).toBe('Acme Health');
  });
});
