/**
 * Words the page reader recognises, in English, German, French, Spanish and Dutch: field labels, employment words,
 * work modes, blocks listing other jobs, careers-site wording and applicant-tracking system names. Data only: the
 * reader has no code path per language or per site.
 */
import type { EmploymentType } from '@referwell/shared';

export type LabelField = 'location' | 'job_type' | 'salary_range' | 'company' | 'title' | 'deadline';

/** Labels in front of a value ('Primary Location', 'Standort', 'Lieu de travail'), matched on the whole label. */
export const FIELD_LABELS: Record<LabelField, string[]> = {
  location: [
    'location',
    'locations',
    'job location',
    'job locations',
    'primary location',
    'work location',
    'work locations',
    'office location',
    'city',
    'city/state',
    'city, state',
    'office',
    'where',
    'standort',
    'standorte',
    'arbeitsort',
    'einsatzort',
    'dienstort',
    'ort',
    'lieu',
    'lieu de travail',
    'localisation',
    'ville',
    'ubicación',
    'ubicacion',
    'ubicación principal',
    'localización',
    'lugar de trabajo',
    'ciudad',
    'locatie',
    'standplaats',
    'werklocatie',
    'plaats',
  ],
  job_type: [
    'employment type',
    'job type',
    'position type',
    'type',
    'schedule',
    'status',
    'employment status',
    'time type',
    'work type',
    'job schedule',
    'commitment',
    'contract type',
    'hours',
    'anstellungsart',
    'beschäftigungsart',
    'arbeitszeit',
    'vertragsart',
    'art der anstellung',
    'type de contrat',
    'type de poste',
    "type d'emploi",
    'temps de travail',
    'contrat',
    'tipo de contrato',
    'jornada',
    'tipo de empleo',
    'tipo de jornada',
    'dienstverband',
    'type dienstverband',
    'contracttype',
    'soort contract',
    'uren',
  ],
  salary_range: [
    'salary',
    'salary range',
    'pay',
    'pay range',
    'compensation',
    'base salary',
    'rate',
    'wage',
    'hourly rate',
    'gehalt',
    'vergütung',
    'verguetung',
    'bruttojahresgehalt',
    'salaire',
    'rémunération',
    'remuneration',
    'gratification',
    'salario',
    'sueldo',
    'retribución',
    'salaris',
    'beloning',
    'salarisindicatie',
  ],
  company: [
    'company',
    'employer',
    'facility',
    'unternehmen',
    'arbeitgeber',
    'entreprise',
    'empresa',
    'organisatie',
    'werkgever',
  ],
  title: ['job title', 'position', 'position title', 'stellenbezeichnung', 'intitulé du poste', 'puesto', 'functie'],
  deadline: [
    'deadline',
    'application deadline',
    'closing date',
    'apply by',
    'bewerbungsfrist',
    'bewerbungsschluss',
    'date limite de candidature',
    'date limite',
    'fecha límite',
    'reageren voor',
    'sluitingsdatum',
  ],
};

/**
 * Employment words → the app's types, most specific first: 'Festanstellung, Vollzeit' is full-time, 'CDD' a contract,
 * 'Werkstudent (20 Std./Woche)' part-time. Matched on word boundaries, case-insensitively.
 */
export const EMPLOYMENT_WORDS: [EmploymentType, string[]][] = [
  [
    'internship',
    [
      'intern',
      'internship',
      'interns',
      'praktikum',
      'praktikant',
      'praktikantin',
      'stage',
      'stagiaire',
      'alternance',
      'prácticas',
      'practicas',
      'becario',
      'stagiair',
    ],
  ],
  ['freelance', ['freelance', 'freelancer', 'freiberuflich', 'indépendant', 'autónomo', 'zzp']],
  [
    'contract',
    [
      'contract',
      'contractor',
      'temporary',
      'temp',
      'fixed-term',
      'fixed term',
      'befristet',
      'cdd',
      'intérim',
      'interim',
      'temporal',
      'contrato temporal',
      'tijdelijk',
      'month contract',
      'months contract',
    ],
  ],
  [
    'part-time',
    [
      'part-time',
      'part time',
      'parttime',
      'teilzeit',
      'werkstudent',
      'werkstudentin',
      'werkstudent:in',
      'minijob',
      'temps partiel',
      'mi-temps',
      'jornada parcial',
      'media jornada',
      'tiempo parcial',
      'deeltijd',
      'per diem',
      'prn',
    ],
  ],
  [
    'full-time',
    [
      'full-time',
      'full time',
      'fulltime',
      'regular full-time',
      'permanent',
      'vollzeit',
      'festanstellung',
      'unbefristet',
      'temps plein',
      'temps complet',
      'cdi',
      'jornada completa',
      'tiempo completo',
      'indefinido',
      'voltijd',
      'vast',
      'vaste baan',
      'salaried',
      '1.0 fte',
    ],
  ],
];

/** Remote / hybrid / on-site words, normalised to the English word the app shows. */
export const WORK_MODES: [string, string[]][] = [
  [
    'Remote',
    [
      'remote',
      'fully remote',
      'remote-first',
      'work from home',
      'homeoffice',
      'home office',
      'télétravail complet',
      'full remote',
      'remoto',
      'teletrabajo',
      'en remoto',
      'thuiswerken',
    ],
  ],
  ['Hybrid', ['hybrid', 'hybride', 'híbrido', 'hibrido', 'mobiles arbeiten']],
];

/** Headings of blocks that list other jobs: their locations and types belong to those jobs, never to this one. */
export const OTHER_JOBS_HEADINGS = [
  'similar jobs',
  'similar positions',
  'similar roles',
  'related jobs',
  'related positions',
  'other jobs',
  'other openings',
  'other open positions',
  'other positions',
  'other roles',
  'more jobs',
  'more openings',
  'more jobs at',
  'other jobs at',
  'recent jobs',
  'latest jobs',
  'open roles',
  'open positions',
  'all open positions',
  'recommended jobs',
  'jobs you may like',
  'you may also like',
  'ähnliche stellen',
  'ähnliche jobs',
  'weitere stellen',
  'weitere jobs',
  'offres similaires',
  'autres offres',
  'offres similaires',
  'ofertas similares',
  'otras ofertas',
  'vergelijkbare vacatures',
  'andere vacatures',
  'meer vacatures',
];

/** Class and id fragments of such blocks and of page chrome (cookie banners, navigation). */
export const OTHER_JOBS_CLASS =
  /(?:similar|related|other[-_]?jobs|more[-_]?jobs|recommend|open[-_]?roles|recent[-_]?jobs|vergelijkbaar|ofertas-similares|careers-more)/i;
export const CHROME_CLASS = /(?:cookie|consent|gdpr|aviso-cookies|cookie-hinweis|navbar|breadcrumb)/i;

/** Careers-site wording around a company name in page titles and site names: 'Careers at X', 'Werken bij X'. */
export const CAREERS_PREFIX =
  /^(?:careers?|jobs?|job openings|open positions|work|working|werken|karriere|carrières|empleo|trabaja)\s+(?:at|@|with|bei|bij|chez|con|en|in)\s+/i;
export const CAREERS_SUFFIX = /\s+(?:careers?|jobs?|karriere|carrières|vacatures|empleo|job board|careers site)$/i;

/** Parts of page titles that are neither the job nor the company. */
export const TITLE_NOISE =
  /^(?:careers?|jobs?|job details|job description|job application|job posting|stellenangebot|stellenanzeige|karriere|carrières|offre d'emploi|trabaja con nosotros|empleo|descripción de empleo|vacature|vacatures|home|apply|\(?[A-Z]{0,4}-?\d[\d-]*\)?)$/i;

/** Page-title prefixes in front of the job: 'Job Description - ', 'Job Application for ', 'Stellenangebot: '. */
export const TITLE_PREFIX =
  /^(?:job description|job application for|job details|stellenangebot|stellenanzeige|descripción de empleo|offre d'emploi|vacature|apply for|careers)\s*[-–:|]?\s*/i;

/** Applicant-tracking systems and site builders whose name appears as the site name or in the footer. */
export const PLATFORM_NAMES = new Set(
  [
    'smartrecruiters',
    'workable',
    'greenhouse',
    'lever',
    'icims',
    'bamboohr',
    'personio',
    'jobvite',
    'rippling',
    'dover',
    'teamtailor',
    'recruitee',
    'breezy',
    'breezy hr',
    'jazzhr',
    'workday',
    'taleo',
    'oracle',
    'successfactors',
    'sap',
    'ashby',
    'webflow',
    'wordpress',
    'linkedin',
    'indeed',
    'glassdoor',
    'join.com',
    'welcome to the jungle',
    'applytojob',
    'paylocity',
    'adp',
    'ukg',
    'jobs',
    'careers',
  ].map((n) => n.toLowerCase()),
);

/** Apply buttons in five languages (a job signal). */
export const APPLY_WORDS =
  /\b(?:apply|i'm interested|bewerben|jetzt bewerben|postuler|candidater|candidature|solliciteer|solliciteren|reageer|inscribirme|inscribirse|aplicar|postularme)\b/i;

/** Section headings of a job description in five languages (a job signal; sections.ts splits English ones). */
export const JOB_SECTION_WORDS =
  /\b(?:responsibilities|requirements|qualifications|what you['’]?ll do|what you bring|duties|about the role|aufgaben|ihr profil|dein profil|anforderungen|wir bieten|was wir bieten|missions|vos missions|profil recherché|votre profil|le poste|funciones|requisitos|responsabilidades|ofrecemos|wat ga je doen|wat vragen wij|wat bieden wij|wie ben jij|jouw rol|functie-eisen)\b/i;
