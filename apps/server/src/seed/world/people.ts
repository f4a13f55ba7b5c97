/**
 * The job seekers of the demo world: name, role family, years in the field and home city. Their careers, titles
 * and skills are derived from these (talent-profiles.ts), so experience and history always agree.
 */
export interface DemoPerson {
  name: string;
  family: string;
  years: number;
  city: string | 'Remote';
}

/** The demo job seeker (jobseeker@referwell.demo): an integration analyst who also does data work. */
export const DEMO_SEEKER: DemoPerson = { name: 'Jordan Alvarez', family: 'integration', years: 5, city: 'Boston, MA' };

export const DEMO_PEOPLE: DemoPerson[] = [
  { name: 'Marcus Webb', family: 'integration', years: 9, city: 'Nashville, TN' },
  { name: 'Aisha Rahman', family: 'nursing-informatics', years: 11, city: 'Nashville, TN' },
  { name: 'Tomás Ortega', family: 'clinical-data', years: 4, city: 'Denver, CO' },
  { name: 'Lauren Fitzgerald', family: 'nursing-informatics', years: 8, city: 'Atlanta, GA' },
  { name: 'Kevin Nguyen', family: 'clinical-data', years: 3, city: 'Houston, TX' },
  { name: 'Samantha Reed', family: 'frontend', years: 6, city: 'Minneapolis, MN' },
  { name: 'Olivia Chen', family: 'data-science', years: 6, city: 'Seattle, WA' },
  { name: 'Jamal Washington', family: 'revenue-cycle', years: 7, city: 'Atlanta, GA' },
  { name: 'Emily Sorensen', family: 'product', years: 8, city: 'Chicago, IL' },
  { name: 'Rafael Moreno', family: 'backend', years: 5, city: 'Austin, TX' },
  { name: 'Hannah Lindqvist', family: 'design', years: 4, city: 'Chicago, IL' },
  { name: 'David Osei', family: 'devops', years: 10, city: 'Raleigh, NC' },
  { name: 'Megan O’Brien', family: 'implementation', years: 6, city: 'Philadelphia, PA' },
  { name: 'Arjun Mehta', family: 'integration', years: 3, city: 'Columbus, OH' },
  { name: 'Nicole Baptiste', family: 'revenue-cycle', years: 12, city: 'Houston, TX' },
  { name: 'Ethan Caldwell', family: 'frontend', years: 2, city: 'Remote' },
  { name: 'Grace Adeyemi', family: 'nursing-informatics', years: 5, city: 'Baltimore, MD' },
  { name: 'Brian Kowalski', family: 'backend', years: 12, city: 'Pittsburgh, PA' },
  { name: 'Sofia Rossi', family: 'product', years: 3, city: 'Boston, MA' },
  { name: 'Jason Park', family: 'data-science', years: 2, city: 'San Diego, CA' },
  { name: 'Rachel Goldstein', family: 'clinical-data', years: 9, city: 'Philadelphia, PA' },
  { name: 'Carlos Mendoza', family: 'devops', years: 4, city: 'Phoenix, AZ' },
  { name: 'Priya Natarajan', family: 'integration', years: 7, city: 'Remote' },
  { name: 'Michael Thompson', family: 'implementation', years: 3, city: 'Madison, WI' },
  { name: 'Zoe Harrington', family: 'design', years: 9, city: 'Seattle, WA' },
  { name: 'Andre Jackson', family: 'revenue-cycle', years: 2, city: 'Nashville, TN' },
  { name: 'Mei Lin Huang', family: 'data-science', years: 11, city: 'Boston, MA' },
  { name: 'Patrick Doyle', family: 'backend', years: 7, city: 'Denver, CO' },
  { name: 'Fatima Al-Sayed', family: 'clinical-data', years: 6, city: 'Chicago, IL' },
  { name: 'Connor Walsh', family: 'devops', years: 7, city: 'Salt Lake City, UT' },
  { name: 'Isabel Cruz', family: 'nursing-informatics', years: 3, city: 'San Diego, CA' },
  { name: 'Noah Bennett', family: 'frontend', years: 9, city: 'Austin, TX' },
  { name: 'Yuki Tanaka', family: 'product', years: 11, city: 'Remote' },
  { name: 'Daniela Fuentes', family: 'implementation', years: 10, city: 'Phoenix, AZ' },
  { name: 'Sean Murphy', family: 'integration', years: 14, city: 'Minneapolis, MN' },
  { name: 'Alicia Brown', family: 'revenue-cycle', years: 5, city: 'Columbus, OH' },
  { name: 'Victor Alvarado', family: 'backend', years: 3, city: 'Houston, TX' },
  { name: 'Chloe Bernstein', family: 'design', years: 6, city: 'Remote' },
  { name: 'Kwame Mensah', family: 'data-science', years: 8, city: 'Raleigh, NC' },
  { name: 'Laura Jensen', family: 'nursing-informatics', years: 15, city: 'Madison, WI' },
  { name: 'Ryan Sullivan', family: 'clinical-data', years: 1, city: 'Pittsburgh, PA' },
  { name: 'Ana Ribeiro', family: 'frontend', years: 4, city: 'Baltimore, MD' },
  { name: 'Tyler Morgan', family: 'devops', years: 2, city: 'Nashville, TN' },
  { name: 'Nadia Haddad', family: 'product', years: 6, city: 'Denver, CO' },
  { name: 'Benjamin Katz', family: 'integration', years: 1, city: 'Philadelphia, PA' },
  { name: 'Rosa Delgado', family: 'revenue-cycle', years: 9, city: 'Austin, TX' },
  { name: 'Henry Zhao', family: 'backend', years: 1, city: 'Seattle, WA' },
  { name: 'Imani Carter', family: 'implementation', years: 4, city: 'Atlanta, GA' },
];

/** Past employers that appear in careers: health systems, payers and health-tech vendors (all invented). */
export const PAST_EMPLOYERS = [
  'Cumberland Regional Medical Center',
  'St. Brendan Health System',
  'Prairie View Hospital',
  'Great Lakes Community Health',
  'Red River Health Plan',
  'Summit Ridge Medical Group',
  'Harborview Home Health',
  'Pinecrest Children’s Hospital',
  'Meridian Claims Services',
  'Clearwater Clinical Software',
  'Tidewater Physicians Network',
  'Silver Maple Senior Care',
];

export const KUDOS_AUTHORS = [
  {
    author: 'Karen Whitfield',
    title: 'Chief Medical Information Officer',
    company: 'Cumberland Regional Medical Center',
  },
  { author: 'Paul Henderson', title: 'Director of Nursing Informatics', company: 'St. Brendan Health System' },
  { author: 'Sarah Mitchell', title: 'Engineering Manager', company: 'Clearwater Clinical Software' },
  { author: 'James Whitaker', title: 'Product Lead', company: 'Summit Ridge Medical Group' },
  { author: 'Lena Fischer', title: 'Revenue Cycle Director', company: 'Red River Health Plan' },
];
