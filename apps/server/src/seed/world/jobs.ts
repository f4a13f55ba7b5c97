import type { EmploymentType } from '@referwell/shared';
import type { DemoCompany } from './companies';

/** A written job posting of the demo world. Skills come from the role family of the title (see roles.ts). */
export interface DemoJob {
  company: DemoCompany['key'];
  title: string;
  location: string;
  employmentType: EmploymentType;
  salary: string;
  /** Posted this many days before the seed runs (the board shows a spread of ages). */
  postedDaysAgo: number;
  description: string;
  responsibilities: string[];
  requirements: string[];
  skills: string[];
  /** Referral bonus in USD; null: this posting pays none. */
  bonus: number | null;
}

export const DEMO_JOBS: DemoJob[] = [
  {
    company: 'northwind',
    title: 'Senior Integration Engineer (HL7/FHIR)',
    location: 'Hybrid — Nashville, TN',
    employmentType: 'full-time',
    salary: '$150k - $180k',
    postedDaysAgo: 24,
    description:
      'Every hospital we sign brings its own interface engine, its own ADT quirks and a go-live date that does not move. You will lead the integrations that bring those hospitals onto Northwind: scoping feeds with hospital IT, building and testing them in Mirth Connect, and moving our newer connections from HL7 v2 to FHIR R4 APIs. You will join a team of six integration engineers and report to the Director of Clinical Integrations.',
    responsibilities: [
      'Own hospital onboarding from interface kickoff to go-live for two or three hospitals at a time',
      'Build, test and monitor ADT, ORU and SIU feeds in Mirth Connect',
      'Design our FHIR R4 subscriptions for encounters and care plans with Epic and Cerner sites',
      'Write the runbooks the on-call rotation uses when a feed stops at 2 a.m.',
      'Review teammates’ channel code and mentor two mid-level engineers',
    ],
    requirements: [
      '6+ years building healthcare interfaces, at least 3 of them with HL7 v2 in production',
      'Hands-on FHIR R4 experience (resources, search, subscriptions or bulk data)',
      'Mirth Connect or Rhapsody channel development, including JavaScript transformers',
      'Comfortable writing SQL to trace a message through a database',
      'You can explain a failed interface to a hospital CIO without jargon',
    ],
    skills: ['HL7', 'FHIR', 'Mirth Connect', 'ADT', 'SQL', 'JavaScript'],
    bonus: 3000,
  },
  {
    company: 'northwind',
    title: 'Nurse Informaticist',
    location: 'Nashville, TN',
    employmentType: 'full-time',
    salary: '$98k - $118k',
    postedDaysAgo: 16,
    description:
      'Our transition-of-care tools only work if they fit the way nurses already chart. As our Nurse Informaticist you will be the clinical voice on the product team: shadowing discharge planners at customer hospitals, translating their workflows into requirements, and training nurse champions before each go-live. About a quarter of your time is spent on site at hospitals within driving distance of Nashville.',
    responsibilities: [
      'Map discharge and care-transition workflows at customer hospitals and document where they break',
      'Write clinical requirements and acceptance criteria with product managers and engineers',
      'Build Epic ClinDoc and Cerner configuration guides for hospital analysts',
      'Train nurse champions and run at-the-elbow support during go-lives',
      'Review new features for patient-safety risks before release',
    ],
    requirements: [
      'Active RN license (Tennessee or compact)',
      '3+ years of bedside nursing, plus 2+ years in an informatics or clinical applications role',
      'Epic or Cerner certification, or equivalent build experience',
      'Experience leading training for clinical staff',
      'Able to travel to hospitals in Tennessee and Kentucky about one week a month',
    ],
    skills: ['RN', 'Clinical Informatics', 'Epic', 'Epic ClinDoc', 'Cerner', 'Care Coordination'],
    bonus: 2000,
  },
  {
    company: 'northwind',
    title: 'Clinical Data Analyst',
    location: 'Remote (US)',
    employmentType: 'part-time',
    salary: '$48 - $58 an hour',
    postedDaysAgo: 9,
    description:
      'Hospitals renew with us when we can show fewer readmissions and faster follow-ups. This part-time role (about 24 hours a week, flexible) builds the outcome reports our customer success team takes to quarterly reviews. You will work from our Snowflake warehouse of de-identified encounter data and with one of our data engineers.',
    responsibilities: [
      'Build and maintain the 30-day readmission and follow-up dashboards in Tableau',
      'Answer ad-hoc questions from customer success with SQL, and document the definitions you use',
      'Validate new hospital data feeds against the hospital’s own Epic Cogito reports',
      'Flag data-quality problems to the integrations team with concrete examples',
    ],
    requirements: [
      '2+ years analysing clinical or claims data',
      'Strong SQL; Python for the occasional notebook',
      'Tableau or Power BI dashboards that people actually use',
      'Knows what ICD-10 and LOINC codes are and how they go wrong',
      'Available at least 20 hours a week, mostly during US Central business hours',
    ],
    skills: ['SQL', 'Python', 'Tableau', 'Snowflake', 'ICD-10', 'Epic Cogito'],
    bonus: 1000,
  },
  {
    company: 'northwind',
    title: 'Frontend Engineer, Care Team App',
    location: 'Remote (US)',
    employmentType: 'contract',
    salary: '$85 - $100 an hour',
    postedDaysAgo: 5,
    description:
      'We are rebuilding the care-team inbox that nurses and social workers use to follow patients after discharge, and need an experienced React engineer for a six-month contract (with a real chance of extension). You will work in a squad with a designer, two engineers and a nurse informaticist, and ship behind feature flags to three pilot hospitals.',
    responsibilities: [
      'Build the new inbox, patient timeline and task views in React and TypeScript',
      'Turn Figma designs into accessible components in our Storybook library',
      'Read FHIR resources through our GraphQL gateway and keep the UI fast on hospital desktops',
      'Write Playwright tests for the flows nurses use most',
    ],
    requirements: [
      '4+ years of professional React and TypeScript',
      'You have shipped accessible interfaces (WCAG 2.1 AA) and know how to test them',
      'Experience with GraphQL clients and complex forms',
      'Can overlap at least five hours a day with US Central time',
      'Healthcare experience is welcome but not required',
    ],
    skills: ['React', 'TypeScript', 'GraphQL', 'WCAG', 'Storybook', 'Playwright'],
    bonus: null,
  },
  {
    company: 'northwind',
    title: 'Interface Analyst (Epic Bridges)',
    location: 'Hybrid — Nashville, TN',
    employmentType: 'full-time',
    salary: '$82k - $98k',
    postedDaysAgo: 2,
    description:
      'A first or second step into healthcare integration. You will support the interfaces that already run between Northwind and our Epic hospitals: watching queues, fixing mappings, and working with hospital Bridges analysts when something changes on their side. Senior engineers on the team will teach you Mirth Connect and FHIR as you go.',
    responsibilities: [
      'Monitor production interfaces and resolve errored messages within our support targets',
      'Update code-set mappings and test them with hospital Bridges analysts',
      'Write the test plans for interface changes before each hospital upgrade',
      'Keep the interface catalogue accurate for each customer hospital',
    ],
    requirements: [
      '1+ year supporting HL7 interfaces, EHR applications or a clinical help desk',
      'Epic Bridges certification, or willingness to earn it in your first year',
      'Basic SQL and comfort reading HL7 v2 messages segment by segment',
      'Careful, patient communication with hospital IT teams',
    ],
    skills: ['HL7', 'Epic Bridges', 'ADT', 'SQL', 'Mirth Connect'],
    bonus: 1500,
  },
  {
    company: 'lakeshore',
    title: 'Product Manager, Virtual Care',
    location: 'Remote (US)',
    employmentType: 'full-time',
    salary: '$140k - $165k',
    postedDaysAgo: 19,
    description:
      'Half of our patients who book a first therapy visit never make it to the second one. You will own the virtual-visit experience from booking to follow-up and work out, with our clinicians and a team of five engineers, why people drop off and what brings them back. You report to the Group Product Manager and work closely with our clinical director.',
    responsibilities: [
      'Own the roadmap for scheduling, reminders and the video visit itself',
      'Run discovery with patients, therapists and care coordinators every sprint',
      'Define success measures and read the A/B tests with our analyst',
      'Write clear specs, including what HIPAA requires of each change',
      'Work with the remote-monitoring team on between-visit check-ins',
    ],
    requirements: [
      '4+ years of product management, at least 2 in healthcare or another regulated field',
      'You have run user research yourself, not only read the summaries',
      'Comfortable with SQL or Looker for your own questions',
      'Experience shipping telehealth, scheduling or consumer health products',
    ],
    skills: ['Product Management', 'Telehealth', 'User Research', 'A/B Testing', 'Agile', 'Looker'],
    bonus: 2500,
  },
  {
    company: 'lakeshore',
    title: 'UX Designer, Patient Intake',
    location: 'Hybrid — Chicago, IL',
    employmentType: 'contract',
    salary: '$70 - $85 an hour',
    postedDaysAgo: 12,
    description:
      'Our intake forms ask anxious people about their mental health on a phone screen, and too many of them give up halfway. For this four-month contract you will redesign intake and consent end to end, test it with patients recruited through our partner clinics, and hand off a design our engineers can build in one quarter.',
    responsibilities: [
      'Audit the current intake and consent flows and their drop-off data',
      'Run at least two rounds of moderated usability tests with patients',
      'Design the new flows in Figma using our component library',
      'Check every screen against WCAG 2.1 AA, including screen readers and large text',
    ],
    requirements: [
      'A portfolio with at least one shipped mobile form or onboarding flow',
      '3+ years of UX design, including running your own user research',
      'Fluent in Figma',
      'Experience designing for sensitive topics (health, finance, legal) is a strong plus',
    ],
    skills: ['Figma', 'User Research', 'WCAG', 'Telehealth'],
    bonus: 1000,
  },
  {
    company: 'lakeshore',
    title: 'Software Engineering Intern, Summer 2027',
    location: 'Chicago, IL',
    employmentType: 'internship',
    salary: '$32 - $38 an hour',
    postedDaysAgo: 7,
    description:
      'A twelve-week paid internship in our Chicago office, June to August 2027. You will join the team that builds appointment reminders and the therapist calendar, pair with a mentor every day, and ship at least one feature to patients before you leave. Interns present their work to the whole company in the last week.',
    responsibilities: [
      'Build a scoped feature in our Node.js and TypeScript services with a mentor',
      'Write tests and review code with the team',
      'Join design reviews and one patient research session',
    ],
    requirements: [
      'Enrolled in a BS or MS program in computer science or a related field, graduating in 2027 or 2028',
      'Coursework or projects in TypeScript, JavaScript, Python or Java',
      'Some exposure to SQL databases',
      'Authorized to work in the US for the internship period',
    ],
    skills: ['TypeScript', 'Node.js', 'PostgreSQL', 'REST APIs'],
    bonus: 500,
  },
  {
    company: 'bluebonnet',
    title: 'Revenue Cycle Analyst',
    location: 'Austin, TX',
    employmentType: 'full-time',
    salary: '$72k - $88k',
    postedDaysAgo: 21,
    description:
      'Our physician-group customers lose about four percent of their revenue to denials that could have been prevented. You will dig into their 835 remittances and denial codes, find the patterns, and work with our product team to turn those patterns into rules that catch the claim before it goes out.',
    responsibilities: [
      'Analyse denial and underpayment trends across customer claims data',
      'Write the denial-prevention rules with product managers and test them against history',
      'Present findings to practice managers and billing leads each month',
      'Keep payer policy changes for Texas Medicaid and Medicare Advantage plans current',
    ],
    requirements: [
      '3+ years in revenue cycle, billing or payer operations',
      'Working knowledge of X12 837/835, CPT and ICD-10',
      'Advanced Excel; SQL is a strong plus',
      'Experience with Epic Resolute or a clearinghouse such as Waystar',
    ],
    skills: ['Revenue Cycle Management', 'Denials Management', 'X12', 'CPT', 'ICD-10', 'Excel', 'SQL'],
    bonus: 1500,
  },
  {
    company: 'bluebonnet',
    title: 'Data Scientist, Population Health',
    location: 'Hybrid — Austin, TX',
    employmentType: 'full-time',
    salary: '$145k - $170k',
    postedDaysAgo: 14,
    description:
      'Care managers at our health-plan customers can call only so many members a week. You will build the models that decide who they call: risk of avoidable admission, gaps in HEDIS measures, members likely to benefit from outreach. You will take models from notebook to production with our ML engineer, and explain them to clinicians who will ask hard questions.',
    responsibilities: [
      'Build and validate risk models on claims and clinical data mapped to OMOP',
      'Measure model fairness across age, sex, race and language groups before release',
      'Work with care-management leads to turn scores into call lists that make sense',
      'Monitor models in production and retrain when the population shifts',
    ],
    requirements: [
      '3+ years building predictive models on real-world data; healthcare claims strongly preferred',
      'Strong Python (pandas, scikit-learn) and SQL',
      'Understanding of HCC risk adjustment, HEDIS or value-based contracts',
      'An MS or PhD in a quantitative field, or equivalent experience',
    ],
    skills: ['Python', 'Machine Learning', 'scikit-learn', 'SQL', 'Population Health', 'HEDIS'],
    bonus: 2500,
  },
  {
    company: 'bluebonnet',
    title: 'Medical Coding Auditor',
    location: 'Remote (US)',
    employmentType: 'freelance',
    salary: '$45 - $60 an hour',
    postedDaysAgo: 3,
    description:
      'We audit risk-adjustment coding for health plans before CMS does. We are building a bench of freelance auditors who take batches of 50 to 200 charts when a customer engagement starts, review them against HCC and ICD-10 guidelines, and write findings our customers can act on. Work is project-based, usually 10 to 30 hours a week while an engagement runs.',
    responsibilities: [
      'Review outpatient and inpatient charts for HCC and ICD-10-CM coding accuracy',
      'Record findings and the supporting documentation in our audit tool',
      'Join a short calibration call at the start of each engagement',
    ],
    requirements: [
      'CPC or CCS certification, current',
      '4+ years of risk-adjustment coding or coding audit experience',
      'Solid knowledge of ICD-10-CM guidelines and HCC models',
      'Your own reliable computer and a private place to review protected health information',
    ],
    skills: ['Medical Coding', 'Coding Audits', 'HCC', 'ICD-10', 'CPC'],
    bonus: null,
  },
];
