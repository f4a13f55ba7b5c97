import { describe, expect, it } from 'vitest';
import { queryGroups, normalizeSearchText, searchWords, someGroups, tsQueryText } from './search';

describe('search words', () => {
  it.each([
    ['Healthcare Integration Engineer (HL7/FHIR)', 'healthcare integration engineer hl7 fhir'],
    ['C# and C++ developer', 'csharp and cplusplus developer'],
    ['.NET / ASP.NET Core', 'dotnet aspnet core'],
    ['Node.js, React', 'nodejs react'],
    ['Senior  Nurse-Informaticist!', 'senior nurse informaticist'],
    ['José Müller', 'josé müller'],
  ])('%s → %s', (text, normalized) => {
    expect(normalizeSearchText(text)).toBe(normalized);
  });

  it('keeps distinct words and caps their number', () => {
    expect(searchWords('fhir FHIR hl7')).toEqual(['fhir', 'hl7']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords(' ?! ')).toEqual([]);
  });

  it('matches longer words as prefixes and offers alternatives', () => {
    expect(tsQueryText(['informat', 'hl7'])).toBe('informat:* & hl7:*');
    expect(tsQueryText(['informat', 'qa'])).toBe('informat:* & (qa | (quality:* & assurance:*))');
    expect(tsQueryText(['informatcs'], new Map([['informatcs', ['informatics']]]))).toBe(
      '(informatcs:* | informatics)',
    );
  });
});

describe('query groups', () => {
  it('stands a synonym phrase for every form of its group, longest phrase first', () => {
    expect(tsQueryText(['fhir', 'developer'])).toBe('fhir:* & (developer:* | engineer:* | programmer:*)');
    expect(tsQueryText(['registered', 'nurse'])).toBe('(rn | (registered:* & nurse:*))');
    expect(queryGroups(['ehr', 'analyst']).map((g) => g.words)).toEqual([['ehr'], ['analyst']]);
  });

  it('matches some groups but not every one for partial matches', () => {
    expect(someGroups(queryGroups(['fhir']))).toBeNull();
    expect(someGroups(queryGroups(['fhir', 'epic']))).toBe('(fhir:* | epic:*) & !(fhir:* & epic:*)');
  });
});
