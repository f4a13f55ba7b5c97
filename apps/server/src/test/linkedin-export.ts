// LinkedIn's Connections.csv as its export writes it: a "Notes:" preamble, the header, then one row per connection
// with most e-mail cells empty, commas and quotes inside quoted fields, accents, and days as "12 Mar 2024".
// Deterministic (a seeded sequence), so a test reads the same file every run.

export const LINKEDIN_PREAMBLE =
  'Notes:\n' +
  '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"\n' +
  '\n';
export const LINKEDIN_HEADER = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On';

export interface ExportRow {
  firstName: string;
  lastName: string;
  email?: string;
  company: string;
  position: string;
  connectedOn?: string;
}

const FIRST = ['Ana', 'José', 'Mei', 'Olu', 'Priya', 'Sam', 'Zoë', 'Liam', 'Conor', 'Fatima', 'Noah', 'Ingrid'];
const LAST = ['García', 'Nguyen', "O'Brien", 'Okafor', 'Schmidt', 'Kowalski', 'Haddad', 'Larsen', 'Rossi', 'Kim'];
const COMPANIES = ['Acme Health, Inc.', 'Mercy "Regional" Hospital', 'Globex', 'St. Brendan Health System', 'Initech'];
const POSITIONS = [
  'Account Executive',
  'Marketing Manager',
  'Civil Engineer',
  'Teacher',
  'Real Estate Agent',
  'Pharmacy Technician',
  'Customer Success Manager',
  'Owner, Sunrise Bakery',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/**
 * An export of `count` connections: `rows` first (the ones a test looks for), then filler people in positions that
 * fit no healthcare role. About one in six has an e-mail address, as in real exports.
 */
export function linkedInExport(count: number, rows: ExportRow[] = [], options: { bom?: boolean } = {}): Buffer {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const all: ExportRow[] = [...rows];
  for (let i = all.length; i < count; i++) {
    const firstName = FIRST[next(FIRST.length)]!;
    const lastName = `${LAST[next(LAST.length)]!}${i}`;
    all.push({
      firstName,
      lastName,
      ...(next(6) === 0 ? { email: `${slug(firstName)}.${slug(lastName)}@example.com` } : {}),
      company: COMPANIES[next(COMPANIES.length)]!,
      position: POSITIONS[next(POSITIONS.length)]!,
      connectedOn: `${String(1 + next(28)).padStart(2, '0')} ${MONTHS[next(12)]} ${2012 + next(14)}`,
    });
  }
  const lines = all.map((row) =>
    [
      row.firstName,
      row.lastName,
      `https://www.linkedin.com/in/${slug(`${row.firstName}-${row.lastName}`)}`,
      row.email ?? '',
      row.company,
      row.position,
      row.connectedOn ?? '',
    ]
      .map(cell)
      .join(','),
  );
  const text = `${LINKEDIN_PREAMBLE}${LINKEDIN_HEADER}\n${lines.join('\n')}\n`;
  return Buffer.concat([options.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}
