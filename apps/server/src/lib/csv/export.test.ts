import { setImmediate as nextTick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { csvStream, keysetRows, neutraliseCell, type CsvColumn } from './export';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

interface Row {
  id: number;
  name: string;
}
const columns: CsvColumn<Row>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Name', value: (r) => r.name },
];

describe('CSV export', () => {
  it('starts with a byte order mark, ends records with CRLF and quotes as RFC 4180 says', async () => {
    const csv = await text(
      csvStream(columns, [
        { id: 1, name: 'Plain' },
        { id: 2, name: 'Comma, inside' },
        { id: 3, name: 'Say "hello"' },
        { id: 4, name: 'Two\nlines' },
        { id: 5, name: 'Zoë Ångström' },
      ]),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      'ID,Name\r\n1,Plain\r\n2,"Comma, inside"\r\n3,"Say ""hello"""\r\n4,"Two\nlines"\r\n5,Zoë Ångström\r\n',
    );
  });

  it('neutralises cells a spreadsheet would read as a formula, leaving numbers alone', async () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutraliseCell('Safe = text')).toBe('Safe = text');
    const csv = await text(
      csvStream(columns, [
        { id: -5, name: '=HYPERLINK("http://evil.example","click")' },
        { id: 6, name: '@SUM(A1)' },
      ]),
    );
    expect(csv.slice(1)).toBe(`ID,Name\r\n-5,"'=HYPERLINK(""http://evil.example"",""click"")"\r\n6,'@SUM(A1)\r\n`);
  });

  it('streams 100,000 rows read in pages, holding about one page at a time', async () => {
    const total = 100_000;
    let produced = 0;
    const readPage = async (after: Row | null, limit: number) => {
      const start = after ? after.id + 1 : 0;
      const page = Array.from({ length: Math.min(limit, total - start) }, (_, i) => ({
        id: start + i,
        name: `Referrer ${start + i}`,
      }));
      produced += page.length;
      return page;
    };
    const stream = csvStream(columns, keysetRows(readPage, 1_000));
    let lines = 0;
    let mostHeld = 0;
    let chunks = 0;
    for await (const chunk of stream) {
      lines += (chunk as Buffer).toString('utf8').split('\r\n').length - 1;
      // Rows read from the source that the reader has not received yet.
      mostHeld = Math.max(mostHeld, produced - (lines - 1));
      if (++chunks % 10 === 0) await nextTick(); // a slow reader
    }
    expect(lines).toBe(total + 1);
    expect(produced).toBe(total);
    expect(mostHeld).toBeLessThan(3_000);
  });
});
