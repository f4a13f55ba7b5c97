/**
 * Role families of the demo world: which titles belong to a family, and the skills (names from the shared skills
 * vocabulary) a posting or a person in that family may list. A job's skills are drawn from the family its title
 * falls in, so an integration engineer asks for HL7/FHIR/Mirth and an HL7/FHIR candidate matches it.
 */
export interface RoleFamily {
  key: string;
  /** Titles of this family; the first family whose pattern matches a title is its family. */
  titlePattern: RegExp;
  /** Career ladder for seeded people: entry, mid-level and senior title. */
  ladder: [entry: string, mid: string, senior: string];
  /** Domain and practice skills (a profile's Skills). */
  skills: string[];
  /** Languages, standards and platforms (a profile's Technical Skills). */
  technical: string[];
  /** Products and tools (a profile's Software & Tools). */
  software: string[];
}

export const ROLE_FAMILIES: RoleFamily[] = [
  {
    key: 'integration',
    titlePattern: /integration|interface|interoperability/i,
    ladder: ['Interface Analyst', 'Integration Engineer', 'Senior Integration Engineer'],
    skills: ['HIPAA', 'Information blocking', 'USCDI'],
    technical: ['HL7', 'FHIR', 'X12', 'C-CDA', 'ADT', 'LOINC', 'SQL', 'Java', 'JavaScript', 'REST APIs'],
    software: ['Mirth Connect', 'Rhapsody', 'InterSystems HealthShare', 'Redox', 'Epic Bridges'],
  },
  {
    key: 'revenue-cycle',
    titlePattern: /revenue cycle|billing|claims|coding|coder/i,
    ladder: ['Medical Coder', 'Revenue Cycle Analyst', 'Senior Revenue Cycle Analyst'],
    skills: [
      'Revenue Cycle Management',
      'Denials Management',
      'Claims Processing',
      'Prior Authorization',
      'Medical Coding',
      'Coding Audits',
      'Medicare',
      'Medicaid',
      'CPC',
      'CCS',
    ],
    technical: ['ICD-10', 'CPT', 'HCC', 'X12', 'SQL'],
    software: ['Epic Resolute', 'Waystar', 'Excel', 'Tableau'],
  },
  {
    key: 'data-science',
    titlePattern: /data scien|machine learning/i,
    ladder: ['Junior Data Scientist', 'Data Scientist', 'Senior Data Scientist'],
    skills: ['Population Health', 'Value-based Care', 'HCC', 'HEDIS'],
    technical: ['Python', 'SQL', 'Machine Learning', 'NLP', 'Pandas', 'scikit-learn', 'PyTorch', 'OMOP'],
    software: ['Snowflake', 'dbt', 'Tableau'],
  },
  {
    key: 'clinical-data',
    titlePattern: /data analyst|clinical data|reporting|analytics/i,
    ladder: ['Data Analyst', 'Clinical Data Analyst', 'Senior Clinical Data Analyst'],
    skills: ['Population Health', 'HEDIS', 'Value-based Care', 'Clinical Informatics'],
    technical: ['SQL', 'Python', 'ICD-10', 'LOINC', 'SNOMED CT'],
    software: ['Epic', 'Epic Cogito', 'Epic Caboodle', 'Tableau', 'Power BI', 'Excel', 'dbt', 'Snowflake'],
  },
  {
    key: 'nursing-informatics',
    titlePattern: /nurs|clinical informatic|clinical applications/i,
    ladder: ['Clinical Applications Analyst', 'Nurse Informaticist', 'Senior Nurse Informaticist'],
    skills: [
      'RN',
      'Clinical Informatics',
      'Clinical Decision Support',
      'Care Coordination',
      'Telehealth',
      'HIPAA',
      'Joint Commission',
    ],
    technical: ['HL7', 'SNOMED CT'],
    software: ['Epic', 'Epic ClinDoc', 'Epic Willow', 'Epic MyChart', 'Cerner', 'Meditech'],
  },
  {
    key: 'devops',
    titlePattern: /devops|site reliability|platform engineer|infrastructure|security engineer/i,
    ladder: ['Infrastructure Engineer', 'DevOps Engineer', 'Senior DevOps Engineer'],
    skills: ['HIPAA', 'SOC 2', 'HITRUST', 'Incident response'],
    technical: ['AWS', 'Terraform', 'Kubernetes', 'Docker', 'CI/CD', 'Linux', 'PostgreSQL', 'Python', 'Bash'],
    software: ['GitHub Actions', 'Datadog', 'Prometheus', 'Grafana'],
  },
  {
    key: 'frontend',
    titlePattern: /frontend|front-end|web engineer|mobile engineer/i,
    ladder: ['Junior Frontend Engineer', 'Frontend Engineer', 'Senior Frontend Engineer'],
    skills: ['User Research', 'WCAG'],
    technical: ['TypeScript', 'React', 'JavaScript', 'GraphQL', 'REST APIs', 'FHIR', 'Node.js'],
    software: ['Storybook', 'Playwright', 'Jest', 'Figma'],
  },
  {
    key: 'backend',
    titlePattern: /backend|back-end|software engineer|full-stack|full stack/i,
    ladder: ['Software Engineer', 'Backend Engineer', 'Senior Backend Engineer'],
    skills: ['HIPAA', 'SOC 2'],
    technical: ['TypeScript', 'Node.js', 'Python', 'Java', 'Go', 'PostgreSQL', 'AWS', 'REST APIs', 'GraphQL', 'FHIR'],
    software: ['Docker', 'Kafka', 'Git', 'GitHub Actions'],
  },
  {
    key: 'product',
    titlePattern: /product manager|product owner|program manager/i,
    ladder: ['Associate Product Manager', 'Product Manager', 'Senior Product Manager'],
    skills: [
      'Product Management',
      'Agile',
      'User Research',
      'A/B Testing',
      'Telehealth',
      'Remote Patient Monitoring',
      'Value-based Care',
      'HIPAA',
    ],
    technical: ['SQL', 'FHIR'],
    software: ['Jira', 'Confluence', 'Figma', 'Looker'],
  },
  {
    key: 'design',
    titlePattern: /designer|ux|user research/i,
    ladder: ['Junior UX Designer', 'UX Designer', 'Senior Product Designer'],
    skills: ['User Research', 'A/B Testing', 'WCAG', 'Telehealth'],
    technical: ['HTML', 'CSS'],
    software: ['Figma', 'Sketch', 'Adobe XD', 'Epic MyChart', 'Jira'],
  },
  {
    key: 'implementation',
    titlePattern: /implementation|solutions consultant|customer success/i,
    ladder: ['Implementation Specialist', 'Implementation Consultant', 'Senior Implementation Manager'],
    skills: ['Clinical Informatics', 'Agile', 'Telehealth', 'Revenue Cycle Management'],
    technical: ['HL7', 'SQL', 'X12'],
    software: ['Athenahealth', 'eClinicalWorks', 'Epic', 'Cerner', 'Jira', 'Confluence'],
  },
];

/** The family a title belongs to (the first whose pattern matches), or undefined for a title outside the world. */
export function familyForTitle(title: string): RoleFamily | undefined {
  return ROLE_FAMILIES.find((family) => family.titlePattern.test(title));
}

export function familyByKey(key: string): RoleFamily {
  const family = ROLE_FAMILIES.find((f) => f.key === key);
  if (!family) throw new Error(`seed: no role family ${key}`);
  return family;
}

/** Every skill a posting or person in this family may list. */
export const familySkills = (family: RoleFamily) => [...family.skills, ...family.technical, ...family.software];
