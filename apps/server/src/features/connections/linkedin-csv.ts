// LinkedIn's Connections.csv (Settings → Data privacy → Get a copy of your data → Connections), read with csv-parse.
// The real export starts with a few "Notes:" lines before its header
//   First Name,Last Name,URL,Email Address,Company,Position,Connected On
// and most e-mail cells are empty (people choose whether connections may download their address). The file comes
// from the person's computer: UTF-8 with or without a byte order mark, UTF-16 when a spreadsheet re-saved it, or
// Windows-1252 from an older Excel. Runs in a parsing process (worker-tasks.ts, ADR 0006): a hostile file costs no request time.
import { CsvError, parse } from 'csv-parse/sync';
import { CONNECTIONS_MESSAGES, type LinkedInConnection } from '@referwell/shared';
import { AppError } from '../../lib/errors';

const unreadable = (message: string) => new AppError(422, 'CONNECTIONS_UNREADABLE', message);

/** The header is looked for in this many first lines (the export has four before it). */
const HEADER_SEARCH_LINES = 50;

function decode(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (a === 0xef && b === 0xbb && c === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes.includes(0)) throw unreadable(CONNECTIONS_MESSAGES.notText);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

type Column = 'firstName' | 'lastName' | 'profileUrl' | 'email' | 'company' | 'position' | 'connectedOn';
const COLUMN_OF: Record<string, Column> = {
  'first name': 'firstName',
  'last name': 'lastName',
  url: 'profileUrl',
  'profile url': 'profileUrl',
  'email address': 'email',
  email: 'email',
  company: 'company',
  position: 'position',
  'connected on': 'connectedOn',
};
const REQUIRED: Column[] = ['firstName', 'lastName', 'company', 'position'];

/** The header line: where the columns are, by name (LinkedIn has kept their order, but a spreadsheet may not). */
function findHeader(text: string): { offset: number; line: number; columns: Map<Column, number>; width: number } {
  let offset = 0;
  for (let line = 1; line <= HEADER_SEARCH_LINES && offset < text.length; line++) {
    const end = text.indexOf('\n', offset);
    const raw = text.slice(offset, end === -1 ? text.length : end);
    if (/first name/i.test(raw)) {
      let cells: string[] = [];
      try {
        cells = (parse(raw, { relax_quotes: true, relax_column_count: true }) as string[][])[0] ?? [];
      } catch {
        cells = [];
      }
      const columns = new Map<Column, number>();
      cells.forEach((cell, i) => {
        const column = COLUMN_OF[cell.trim().toLowerCase()];
        if (column && !columns.has(column)) columns.set(column, i);
      });
      if (REQUIRED.every((column) => columns.has(column))) return { offset, line, columns, width: cells.length };
    }
    if (end === -1) break;
    offset = end + 1;
  }
  throw unreadable(CONNECTIONS_MESSAGES.notConnections);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "Connected On" as LinkedIn writes it ("12 Mar 2024", older "12-Mar-24"), or ISO / US numeric; else null. */
export function connectedOnDay(raw: string): string | null {
  const text = raw.trim();
  let year: number;
  let month: number;
  let day: number;
  let m = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*\.?[\s-](\d{2}|\d{4})$/.exec(text);
  if (m) {
    day = Number(m[1]);
    month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  } else if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text))) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text))) {
    [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const cut = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);
const orNull = (value: string) => value || null;

export interface ReadConnections {
  connections: LinkedInConnection[];
  /** Rows without a name. */
  skipped: number;
}

/**
 * Every connection of the export. Refuses (422, nothing kept) a file that is not text, has no LinkedIn header,
 * breaks CSV quoting or has a row wider than the header (a comma outside quotes: the columns would be misread),
 * or holds no connection; a row without a name is counted and left out.
 */
export function readLinkedInConnections(bytes: Uint8Array): ReadConnections {
  const text = decode(bytes);
  const header = findHeader(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.slice(header.offset), {
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      from_line: 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = header.line - 1 + Number((error as CsvError & { lines?: number }).lines ?? 1);
      throw unreadable(CONNECTIONS_MESSAGES.malformed(line));
    }
    throw error;
  }
  const at = (record: string[], column: Column) => {
    const index = header.columns.get(column);
    return index === undefined ? undefined : record[index];
  };
  const connections: LinkedInConnection[] = [];
  let skipped = 0;
  for (const { record, info } of records) {
    if (record.length > header.width && record.slice(header.width).some((cell) => cell.trim() !== ''))
      throw unreadable(CONNECTIONS_MESSAGES.malformed(header.line - 1 + info.lines));
    const firstName = cut(at(record, 'firstName'), 200);
    const lastName = cut(at(record, 'lastName'), 200);
    if (!firstName && !lastName) {
      if (record.some((cell) => cell.trim() !== '')) skipped++;
      continue;
    }
    const url = cut(at(record, 'profileUrl'), 500);
    const email = cut(at(record, 'email'), 254).toLowerCase();
    connections.push({
      firstName,
      lastName,
      profileUrl: /^https?:\/\/\S+$/i.test(url) ? url : null,
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null,
      company: orNull(cut(at(record, 'company'), 300)),
      position: orNull(cut(at(record, 'position'), 300)),
      connectedOn: connectedOnDay(at(record, 'connectedOn') ?? ''),
    });
  }
  if (connections.length === 0) throw unreadable(CONNECTIONS_MESSAGES.noConnections);
  return { connections, skipped };
}
