import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** Characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell safe to open in a spreadsheet: one starting like a formula gets a leading apostrophe, so Excel,
 * LibreOffice and Google Sheets show it as text instead of running it. Numbers are written as numbers.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Rows read a page at a time in key order: the next page is read only when the CSV stream has taken the rows of
 * this one, so an export of any size holds about one page in memory.
 */
export async function* keysetRows<T>(
  readPage: (after: T | null, limit: number) => Promise<T[]>,
  pageSize = 1_000,
): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const page = await readPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1)!;
  }
}

/**
 * A CSV document (UTF-8 with a byte order mark so Excel reads the accents, CRLF records, RFC 4180 quoting)
 * streamed from `rows` with backpressure: rows are pulled only as fast as the reader takes the bytes.
 */
export function csvStream<T>(columns: CsvColumn<T>[], rows: AsyncIterable<T> | Iterable<T>): Readable {
  const stringifier = stringify({
    bom: true,
    record_delimiter: 'windows',
    // csv-stringify quotes the record delimiter (CRLF) but not a bare LF or CR; RFC 4180 quotes both.
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseCell },
  });
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const row of rows) yield columns.map((column) => column.value(row) ?? '');
  }
  pipeline(Readable.from(records()), stringifier, () => {
    // An error (a failed page read, a reader that went away) destroys the stream; the reply ends with it.
  });
  return stringifier;
}
