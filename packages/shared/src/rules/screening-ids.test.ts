import { describe, expect, it } from 'vitest';
import { isPlausibleDob, isValidNpi } from './screening-ids';
import { candidateIdsSchema } from '../schemas/screening';

describe('NPI check digit (CMS: Luhn over 80840 + the first nine digits)', () => {
  it("accepts CMS's worked example and real-shaped NPIs", () => {
    // NPIcheckdigit.pdf: identifier 123456789 → check digit 3.
    expect(isValidNpi('1234567893')).toBe(true);
    // NPIs printed in public examples (NPPES, claim-form guides): their check digits hold.
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1003000126')).toBe(true);
  });

  it('refuses a wrong check digit, a transposition, and anything but 10 digits', () => {
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1234567894')).toBe(false);
    expect(isValidNpi('2134567893')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678931')).toBe(false);
    expect(isValidNpi('12345 7893')).toBe(false);
    expect(isValidNpi('0000000000')).toBe(false);
  });
});

describe('date of birth', () => {
  const today = new Date('2026-12-03T12:00:00Z');
  it('is a calendar day between 100 and 14 years ago', () => {
    expect(isPlausibleDob('1980-02-14', today)).toBe(true);
    expect(isPlausibleDob('2012-12-03', today)).toBe(true);
    expect(isPlausibleDob('1926-12-03', today)).toBe(true);
    expect(isPlausibleDob('2012-12-04', today)).toBe(false);
    expect(isPlausibleDob('1926-12-02', today)).toBe(false);
    expect(isPlausibleDob('1980-02-30', today)).toBe(false);
    expect(isPlausibleDob('02/14/1980', today)).toBe(false);
    expect(isPlausibleDob('2030-01-01', today)).toBe(false);
  });
});

describe('candidateIdsSchema', () => {
  it('takes both, either or none (blank is none), and names the field it refuses', () => {
    expect(candidateIdsSchema.parse({ dob: '1980-02-14', npi: ' 1234567893 ' })).toEqual({
      dob: '1980-02-14',
      npi: '1234567893',
    });
    expect(candidateIdsSchema.parse({ dob: '', npi: '' })).toEqual({ dob: undefined, npi: undefined });
    expect(candidateIdsSchema.parse({})).toEqual({});
    const bad = candidateIdsSchema.safeParse({ dob: '1980-13-01', npi: '1234567890' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0]).sort()).toEqual(['dob', 'npi']);
  });
});
