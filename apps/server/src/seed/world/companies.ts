/** The three employers of the demo world and their teams (admins and referrers with titles, teams, start dates). */
export interface StaffMember {
  name: string;
  /** Only the demo logins have fixed addresses; the others get one at the company's domain. */
  email?: string;
  title: string;
  department: string;
  team?: string;
  /** When they started at the company (their referrer card's start date). */
  startedOn: string;
}

export interface DemoCompany {
  key: 'northwind' | 'lakeshore' | 'bluebonnet';
  name: string;
  domain: string;
  description: string;
  location: string;
  employeeCount: string;
  /** The US states it employs people in besides its profile's (pay transparency's remote reach, ADR 0044). */
  staffStates: string[];
  industries: string[];
  foundedYear: number;
  admin: StaffMember;
  referrers: StaffMember[];
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'northwind',
    name: 'Northwind Health',
    domain: 'northwindhealth.example',
    description:
      'Northwind Health builds the care-coordination platform that 60 community hospitals across the Southeast use to hand patients from the emergency department to primary care, home health and back. We connect to Epic, Cerner and Meditech through HL7 and FHIR so nurses see one timeline instead of five portals.',
    location: 'Nashville, TN',
    employeeCount: '201-500',
    staffStates: ['AL', 'GA', 'NC', 'TN'],
    industries: ['Digital Health', 'EHR'],
    foundedYear: 2014,
    admin: {
      name: 'Avery Collins',
      email: 'admin@referwell.demo',
      title: 'Head of Talent',
      department: 'People',
      team: 'Talent Acquisition',
      startedOn: '2019-06-03',
    },
    referrers: [
      {
        name: 'Riley Okafor',
        email: 'referrer@referwell.demo',
        title: 'Senior Integration Engineer',
        department: 'Clinical Integrations',
        team: 'HL7 & FHIR Interfaces',
        startedOn: '2021-03-01',
      },
      {
        name: 'Maya Goldberg',
        title: 'Nursing Informatics Lead',
        department: 'Clinical Informatics',
        team: 'Nursing Workflows',
        startedOn: '2020-09-14',
      },
      {
        name: 'Daniel Kim',
        title: 'Staff Software Engineer',
        department: 'Engineering',
        team: 'Care Timeline',
        startedOn: '2018-01-08',
      },
    ],
  },
  {
    key: 'lakeshore',
    name: 'Lakeshore Telehealth',
    domain: 'lakeshoretelehealth.example',
    description:
      'Lakeshore Telehealth runs virtual behavioral-health visits for employers and Medicaid plans in the Midwest. Our clinicians see 9,000 patients a month by video and phone, and our product team builds the scheduling, intake and remote-monitoring tools they rely on.',
    location: 'Chicago, IL',
    employeeCount: '51-200',
    staffStates: ['CO', 'IL', 'MI', 'WI'],
    industries: ['Telehealth', 'Digital Health'],
    foundedYear: 2018,
    admin: {
      name: 'Priya Raman',
      title: 'Director of Talent Acquisition',
      department: 'People Operations',
      startedOn: '2020-02-17',
    },
    referrers: [
      {
        name: 'Marcus Bell',
        title: 'Group Product Manager',
        department: 'Product',
        team: 'Scheduling & Intake',
        startedOn: '2019-05-20',
      },
      {
        name: 'Elena Petrova',
        title: 'Senior UX Researcher',
        department: 'Design',
        team: 'Patient Experience',
        startedOn: '2022-04-11',
      },
    ],
  },
  {
    key: 'bluebonnet',
    name: 'Bluebonnet Health Analytics',
    domain: 'bluebonnethealth.example',
    description:
      'Bluebonnet Health Analytics helps regional health plans and physician groups in Texas get paid correctly under value-based contracts: risk adjustment, quality measures and denial prevention, built on claims and clinical data from more than two million members.',
    location: 'Austin, TX',
    employeeCount: '51-200',
    staffStates: ['OK', 'TX'],
    industries: ['Health Insurance', 'Clinical Research'],
    foundedYear: 2016,
    admin: { name: 'Hannah Brooks', title: 'VP of People', department: 'People', startedOn: '2016-10-03' },
    referrers: [
      {
        name: 'Luis Herrera',
        title: 'Revenue Cycle Manager',
        department: 'Revenue Cycle Solutions',
        team: 'Denials Prevention',
        startedOn: '2017-07-24',
      },
      {
        name: 'Grace Liu',
        title: 'Data Science Lead',
        department: 'Analytics',
        team: 'Risk Adjustment Models',
        startedOn: '2021-11-01',
      },
    ],
  },
];

/** A staff member's sign-in address: the fixed demo address, or first.last at the company's domain. */
export const staffEmail = (company: DemoCompany, person: StaffMember) =>
  person.email ?? `${person.name.toLowerCase().replace(/[^a-z]+/g, '.')}@${company.domain}`;
