import { describe, expect, it } from 'vitest';
import {
  canonicalSkill,
  cleanSkillList,
  PRACTICE_SKILLS,
  recogniseSkills,
  skillTermKey,
  SKILLS_VOCABULARY,
} from './skills';

describe('SKILLS_VOCABULARY', () => {
  it('has several hundred entries (issue 16) with unique canonical names', () => {
    expect(SKILLS_VOCABULARY.length).toBeGreaterThanOrEqual(400);
    expect(new Set(SKILLS_VOCABULARY.map((s) => s.name)).size).toBe(SKILLS_VOCABULARY.length);
  });

  it('gives every term one skill: no alias names two entries, in the main list or the ways of working', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const { name, synonyms } of [...SKILLS_VOCABULARY, ...PRACTICE_SKILLS])
      for (const term of new Set([name, ...synonyms].map(skillTermKey))) {
        const first = owner.get(term);
        if (first && first !== name) clashes.push(`${term}: ${first} / ${name}`);
        owner.set(term, name);
      }
    expect(clashes).toEqual([]);
  });
});

describe('recogniseSkills', () => {
  it('maps synonyms to canonical names, case-insensitively', () => {
    expect(recogniseSkills('Strong js, k8s and postgres; some GCP')).toEqual([
      'JavaScript',
      'Kubernetes',
      'PostgreSQL',
      'Google Cloud',
    ]);
    expect(recogniseSkills('hl7 v2, fhir, icd10 and soc2 type ii')).toEqual(['HL7', 'FHIR', 'ICD-10', 'SOC 2']);
  });

  it('keeps specific tools rather than folding them into a category', () => {
    expect(
      recogniseSkills(
        'Salesforce, Gainsight, Smartsheet, Mirth Connect, Crystal Reports, MuleSoft, Qt, RTOS, WCAG 2.1',
      ),
    ).toEqual([
      'Salesforce',
      'Gainsight',
      'Smartsheet',
      'Mirth Connect',
      'Crystal Reports',
      'MuleSoft',
      'Qt',
      'RTOS',
      'WCAG',
    ]);
    expect(recogniseSkills('Jenkins pipelines for our CI/CD')).toEqual(['Jenkins', 'CI/CD']);
  });

  it('returns canonical names in first-seen order without duplicates', () => {
    expect(recogniseSkills('Python, then FHIR, then python3 and HL7 FHIR again')).toEqual(['Python', 'FHIR']);
  });

  it('matches on word boundaries', () => {
    expect(recogniseSkills('We write JavaScript')).toEqual(['JavaScript']);
    expect(recogniseSkills('Java and JavaScript')).toEqual(['Java', 'JavaScript']);
    expect(recogniseSkills('Built on Node.js')).toEqual(['Node.js']);
    expect(recogniseSkills('ASP.NET services')).toEqual(['.NET']);
    expect(recogniseSkills('REDIS-backed; Redistribute')).toEqual(['Redis']);
    expect(recogniseSkills('C++ and C#')).toEqual(['C++', 'C#']);
  });

  it("only recognises 'Go' and 'R' in technical contexts, never inside words", () => {
    expect(recogniseSkills('Experience at Google; go-getters welcome. Go ahead and apply!')).toEqual([]);
    expect(recogniseSkills('Services in Go, Python and Rust')).toEqual(['Go', 'Python', 'Rust']);
    expect(recogniseSkills('Golang microservices')).toEqual(['Go', 'Microservices']);
    expect(recogniseSkills('Go developer')).toEqual(['Go']);
    expect(recogniseSkills('Python or R a plus; R&D team; Rounds with RNs')).toEqual(['Python', 'R']);
    expect(recogniseSkills('Statistics in R.')).toEqual(['R']);
    expect(recogniseSkills('Plan A, plan C, vitamin C')).toEqual([]);
  });

  it('keeps ambiguous everyday words case-sensitive', () => {
    expect(recogniseSkills('an epic journey; we react quickly; excel at swift delivery')).toEqual([]);
    expect(recogniseSkills('Epic Clarity, React and Excel')).toEqual(['Epic Clarity', 'React', 'Excel']);
  });

  it('recognises clinical, compliance and design skills', () => {
    expect(
      recogniseSkills(
        'Registered Nurse with BLS and ACLS; HIPAA, HITRUST; Figma prototypes; Athena Health; Oracle Health',
      ),
    ).toEqual(['RN', 'BLS', 'ACLS', 'HIPAA', 'HITRUST', 'Figma', 'Athenahealth', 'Cerner']);
  });

  it('keeps specific systems, modules and RTOS names under their own names, never a vendor or category', () => {
    expect(
      recogniseSkills('athenaOne and myAvatar; Cerner PowerChart, SystmOne, EMIS Web; FreeRTOS, Zephyr or ThreadX'),
    ).toEqual(['athenaOne', 'myAvatar', 'Cerner PowerChart', 'SystmOne', 'EMIS Web', 'FreeRTOS', 'Zephyr', 'ThreadX']);
    expect(recogniseSkills('Interfaces in Cloverleaf and Rhapsody; Meditech Expanse; Scrum')).toEqual([
      'Cloverleaf',
      'Rhapsody',
      'Meditech Expanse',
      'Scrum',
    ]);
    expect(recogniseSkills('Cerner for ten years, then Cerner PowerChart')).toEqual(['Cerner', 'Cerner PowerChart']);
  });

  it('maps aliases to the canonical name: translations of GDPR, a module by its short name', () => {
    expect(recogniseSkills('DSGVO, RODO und PowerChart')).toEqual(['GDPR', 'Cerner PowerChart']);
    expect(canonicalSkill('Netsmart myAvatar')).toBe('myAvatar');
  });

  it('keeps two engines or a product and its vendor apart', () => {
    expect(recogniseSkills('Trino and Presto; Cisco IOS; OWASP Top 10; Dynamics 365')).toEqual([
      'Trino',
      'Presto',
      'Cisco IOS',
      'OWASP Top 10',
      'Dynamics 365',
    ]);
    expect(canonicalSkill('gematik')).toBe('gematik');
    expect(canonicalSkill('e-skierowanie')).toBe('e-skierowanie');
  });

  it('reads ways of working in twelve languages only when asked, each kind under its own name', () => {
    const text = 'Testautomatisierung, tests de charge, analisi dei dati, zarządzanie projektami and Lasttests';
    expect(recogniseSkills(text)).toEqual([]);
    expect(recogniseSkills(text, { practices: true })).toEqual([
      'Test automation',
      'Load testing',
      'Data analysis',
      'Project management',
    ]);
    expect(recogniseSkills('performance testing and load testing', { practices: true })).toEqual([
      'Performance testing',
      'Load testing',
    ]);
    expect(canonicalSkill('Usability-Tests')).toBe('Usability testing');
    expect(canonicalSkill('maschinelles Lernen', { practices: true })).toBe('Machine Learning');
    // A posting's declared skills keep their words: the ways of working are the résumé reader's.
    expect(canonicalSkill('maschinelles Lernen')).toBe('maschinelles Lernen');
  });

  it('handles empty text', () => {
    expect(recogniseSkills('')).toEqual([]);
  });
});

describe('canonicalSkill and cleanSkillList', () => {
  it("use the vocabulary's spelling for known skills and synonyms, and keep other skills as typed", () => {
    expect(canonicalSkill(' fhir ')).toBe('FHIR');
    expect(canonicalSkill('JS')).toBe('JavaScript');
    expect(canonicalSkill('Care Coordination')).toBe('Care Coordination');
    expect(cleanSkillList(['fhir', 'FHIR', ' ', 'js', 'JavaScript', 'Bedside manner'])).toEqual([
      'FHIR',
      'JavaScript',
      'Bedside manner',
    ]);
  });
});

describe('healthcare entries name one thing each (issue 37)', () => {
  it('keeps a vendor, its products, a standards body and its standards, and related credentials apart', () => {
    expect(recogniseSkills('Built Medidata Rave studies and Veeva Vault workflows; SDTM and ADaM datasets')).toEqual([
      'Medidata Rave',
      'Veeva Vault',
      'SDTM',
      'ADaM',
    ]);
    expect(recogniseSkills('Medidata and Veeva admin; CDISC standards')).toEqual(['Medidata', 'Veeva', 'CDISC']);
    expect(recogniseSkills('Licensed Paramedic; formerly an EMT')).toEqual(['Paramedic', 'EMT']);
    expect(recogniseSkills('GMP and GLP audits, ICH-GCP training, GxP validation')).toEqual([
      'GMP',
      'GLP',
      'Good Clinical Practice',
      'GxP',
    ]);
    // A first name is not a CDISC standard.
    expect(recogniseSkills('Worked with Adam on the data model')).toEqual([]);
  });
});
