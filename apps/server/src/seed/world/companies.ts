/** The three employers of the demo world and their teams (admins and referrers with titles and departments). */
export interface StaffMember {
  name: string;
  /** Only the demo logins have fixed addresses; the others get one at the company's domain. */
  email?: string;
  title: string;
  department: string;
}

export interface DemoCompany {
  key: 'northwind' | 'lakeshore' | 'bluebonnet';
  name: string;
  domain: string;
  description: string;
  location: string;
  employeeCount: string;
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
    industries: ['Digital Health', 'EHR'],
    foundedYear: 2014,
    admin: {
      name: 'Avery Collins',
      email: 'admin@referwell.demo',
      title: 'Head of Talent',
      department: 'People',
    },
    referrers: [
      {
        name: 'Riley Okafor',
        email: 'referrer@referwell.demo',
        title: 'Senior Integration Engineer',
        department: 'Clinical Integrations',
      },
      { name: 'Maya Goldberg', title: 'Nursing Informatics Lead', department: 'Clinical Informatics' },
      { name: 'Daniel Kim', title: 'Staff Software Engineer', department: 'Engineering' },
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
    industries: ['Telehealth', 'Digital Health'],
    foundedYear: 2018,
    admin: { name: 'Priya Raman', title: 'Director of Talent Acquisition', department: 'People Operations' },
    referrers: [
      { name: 'Marcus Bell', title: 'Group Product Manager', department: 'Product' },
      { name: 'Elena Petrova', title: 'Senior UX Researcher', department: 'Design' },
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
    industries: ['Health Insurance', 'Clinical Research'],
    foundedYear: 2016,
    admin: { name: 'Hannah Brooks', title: 'VP of People', department: 'People' },
    referrers: [
      { name: 'Luis Herrera', title: 'Revenue Cycle Manager', department: 'Revenue Cycle Solutions' },
      { name: 'Grace Liu', title: 'Data Science Lead', department: 'Analytics' },
    ],
  },
];

/** A staff member's sign-in address: the fixed demo address, or first.last at the company's domain. */
export const staffEmail = (company: DemoCompany, person: StaffMember) =>
  person.email ?? `${person.name.toLowerCase().replace(/[^a-z]+/g, '.')}@${company.domain}`;
