// Resume field extraction, vocabularies: software tools (kept apart from skills) and healthcare-technology industries.

/** Vocabulary entries that are software products / tools rather than skills (go to `softwareTools`). */
export const SOFTWARE_TOOLS = new Set([
  'Epic',
  'Cerner',
  'Athenahealth',
  'Meditech',
  'eClinicalWorks',
  'Allscripts',
  'Tableau',
  'Power BI',
  'Looker',
  'Excel',
  'Figma',
  'Sketch',
  'Adobe XD',
  'Jira',
  'Confluence',
  'Git',
  'Docker',
  'Kubernetes',
  'Terraform',
  'Snowflake',
  'Airflow',
  'dbt',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
  'Redis',
  'Elasticsearch',
  'Kafka',
  'AWS',
  'Azure',
  'Google Cloud',
  'Linux',
]);

/** Industries of healthcare technology, each with the phrases that indicate it. */
export const INDUSTRY_VOCABULARY: { name: string; pattern: RegExp }[] = [
  { name: 'Healthcare', pattern: /\bhealth\s?care\b/i },
  {
    name: 'Health IT',
    pattern:
      /\b(?:health\s?(?:care\s)?IT|health information (?:technology|systems|exchange)|EHRs?|EMRs?|electronic (?:health|medical) records?)\b/i,
  },
  { name: 'Digital Health', pattern: /\b(?:digital health|mhealth|mobile health|health apps?)\b/i },
  { name: 'Telehealth', pattern: /\b(?:tele-?health|tele-?medicine|virtual care|remote patient monitoring)\b/i },
  { name: 'Medical Devices', pattern: /\b(?:medical devices?|med-?tech|SaMD|software as a medical device)\b/i },
  { name: 'Pharma', pattern: /\b(?:pharma|pharmaceuticals?|pharmacy benefit|drug development)\b/i },
  { name: 'Biotech', pattern: /\b(?:biotech(?:nology)?|life sciences|genomics?|bioinformatics)\b/i },
  {
    name: 'Insurance/Payer',
    pattern:
      /\b(?:payers?|health (?:plans?|insurance|insurer)|managed care|medicare advantage|medicaid|claims processing)\b/i,
  },
  {
    name: 'Hospital/Provider',
    pattern:
      /\b(?:hospitals?|health systems?|medical cent(?:er|re)s?|clinics?|provider organi[sz]ations?|ambulatory|inpatient|outpatient)\b/i,
  },
  { name: 'Clinical Research', pattern: /\b(?:clinical (?:research|trials?|studies)|CROs?|research coordinator)\b/i },
  { name: 'Public Health', pattern: /\b(?:public health|epidemiolog\w*|population health)\b/i },
  { name: 'Behavioral Health', pattern: /\b(?:behavioral health|mental health|psychiatr\w*)\b/i },
  { name: 'Revenue Cycle', pattern: /\b(?:revenue cycle|RCM|medical billing|billing and coding)\b/i },
  {
    name: 'Health Informatics',
    pattern: /\b(?:health informatics|clinical informatics|nursing informatics|informaticist)\b/i,
  },
];
