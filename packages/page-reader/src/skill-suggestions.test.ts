import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, suggestSkills, toolNamesIn } from './skill-suggestions';

describe('tool names in requirements', () => {
  it("reads the list after 'experience with' and its translations, up to where the sentence goes on", () => {
    expect(toolNamesIn('- Experience with Vitally, NetSuite and Workato for reporting')).toEqual([
      'Vitally',
      'NetSuite',
      'Workato',
    ]);
    expect(toolNamesIn('- Erfahrung mit Retool und Rive')).toEqual(['Retool', 'Rive']);
    expect(toolNamesIn('- Ervaring met Retool of NetSuite is een pré')).toEqual(['Retool', 'NetSuite']);
    expect(toolNamesIn("- Maîtrise de Workato et d'Excel")).toContain('Workato');
    expect(toolNamesIn('- Experiencia con NetSuite y Retool')).toEqual(['NetSuite', 'Retool']);
  });

  it('reads lines that are only a list of names, parenthesised lists, camel-cased names and versioned names', () => {
    expect(toolNamesIn('- Kubernetes, Datadog, PagerDuty')).toEqual(['Kubernetes', 'Datadog', 'PagerDuty']);
    expect(toolNamesIn('- Speech to text (Whisper)')).toEqual(['Whisper']);
    expect(toolNamesIn('- You have shipped on NetSuite before')).toEqual(['NetSuite']);
    expect(toolNamesIn('- Accessibility to WCAG 2.1 AA')).toContain('WCAG 2.1');
  });

  it('leaves out sentences, counts, languages, degrees and trailing words', () => {
    expect(toolNamesIn('- Mindestens 5 Jahre Erfahrung in der Backend-Entwicklung')).toEqual([]);
    expect(toolNamesIn('- Bilingual English/Spanish preferred')).toEqual([]);
    expect(toolNamesIn("- Bachelor's degree in nursing")).toEqual([]);
    expect(toolNamesIn('- Experience with Retool is a plus')).toEqual(['Retool']);
    expect(toolNamesIn('- 3+ years testing software under FDA 21 CFR 820')).toEqual([]);
  });
});

describe('skill suggestions', () => {
  it('offers only names the vocabulary does not know (its own terms are recognised as skills already)', () => {
    expect(suggestSkills('- Experience with Salesforce, Gainsight and Vitally\n- Go or Python')).toEqual(['Vitally']);
  });

  it(`offers at most ${MAX_SUGGESTIONS}`, () => {
    const names = Array.from({ length: 12 }, (_, i) => `Toolname${String.fromCharCode(65 + i)}x`);
    expect(suggestSkills(`- Experience with ${names.join(', ')}`)).toHaveLength(MAX_SUGGESTIONS);
  });
});
