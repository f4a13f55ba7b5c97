import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchWords, tsQueryText } from './search';

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
    expect(tsQueryText(['informat', 'qa'])).toBe('informat:* & qa');
    expect(tsQueryText(['informatcs'], new Map([['informatcs', ['informatics']]]))).toBe(
      '(informatcs:* | informatics)',
    );
  });
});
