import { describe, expect, it } from 'vitest';
import { CONNECTIONS_MESSAGES } from '@referwell/shared';
import { isAppError } from '../../lib/errors';
import { LINKEDIN_HEADER, LINKEDIN_PREAMBLE } from '../../test/linkedin-export';
import { connectedOnDay, readLinkedInConnections } from './linkedin-csv';

const read = (text: string | Buffer) => readLinkedInConnections(typeof text === 'string' ? Buffer.from(text) : text);
const refusal = (text: string | Buffer) => {
  try {
    read(text);
  } catch (error) {
    if (isAppError(error, 422)) return error.message;
    throw error;
  }
  throw new Error('read it');
};

describe("LinkedIn's Connections.csv", () => {
  it('skips the Notes preamble and reads quoted cells, empty e-mails and the day', () => {
    const { connections, skipped } = read(
      `${LINKEDIN_PREAMBLE}${LINKEDIN_HEADER}\r\n` +
        'Zoë,"O\'Brien, Jr.",https://www.linkedin.com/in/zoe-obrien,,"Mercy ""Regional"" Hospital",Charge Nurse,05 Jan 2024\r\n' +
        'Sam,Lee,https://www.linkedin.com/in/sam-lee,SAM@EXAMPLE.COM,Globex,"Analyst, Data",12-Mar-19\r\n' +
        ',,,,,,\r\n' +
        ',,https://www.linkedin.com/in/ghost,,Initech,Engineer,01 Jan 2020\r\n',
    );
    expect(connections).toEqual([
      {
        firstName: 'Zoë',
        lastName: "O'Brien, Jr.",
        profileUrl: 'https://www.linkedin.com/in/zoe-obrien',
        email: null,
        company: 'Mercy "Regional" Hospital',
        position: 'Charge Nurse',
        connectedOn: '2024-01-05',
      },
      {
        firstName: 'Sam',
        lastName: 'Lee',
        profileUrl: 'https://www.linkedin.com/in/sam-lee',
        email: 'sam@example.com',
        company: 'Globex',
        position: 'Analyst, Data',
        connectedOn: '2019-03-12',
      },
    ]);
    // The nameless row with content is counted; the empty one is no row at all.
    expect(skipped).toBe(1);
  });

  it('reads the file with a byte order mark, re-saved as UTF-16 or as Windows-1252, columns in any order', () => {
    const text = `${LINKEDIN_HEADER}\nJosé,Núñez,,,Clínica Sur,Enfermera,01 Feb 2024\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    const latin1 = Buffer.from(text, 'latin1');
    for (const file of [utf16, bom, latin1]) expect(read(file).connections[0]).toMatchObject({ lastName: 'Núñez' });
    const reordered = read('Position,Company,Last Name,First Name\nNurse,Acme,Doe,Jane\n');
    expect(reordered.connections[0]).toMatchObject({ firstName: 'Jane', lastName: 'Doe', position: 'Nurse' });
  });

  it('refuses what it cannot read, naming the line', () => {
    expect(refusal(`${LINKEDIN_HEADER}\nAna,"Lopez,,,Acme,Nurse,01 Feb 2024\n`)).toMatch(/^Line \d+ /);
    expect(refusal(`${LINKEDIN_PREAMBLE}${LINKEDIN_HEADER}\nAna,Lopez,,,Acme, Inc.,Nurse,01 Feb 2024\n`)).toBe(
      CONNECTIONS_MESSAGES.malformed(5),
    );
    expect(refusal('just some text\nwithout columns\n')).toBe(CONNECTIONS_MESSAGES.notConnections);
    expect(refusal(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).toBe(CONNECTIONS_MESSAGES.notText);
    expect(refusal(`${LINKEDIN_HEADER}\n`)).toBe(CONNECTIONS_MESSAGES.noConnections);
  });

  it('reads the days LinkedIn and spreadsheets write, and nothing else', () => {
    expect(connectedOnDay('12 Mar 2024')).toBe('2024-03-12');
    expect(connectedOnDay('2 Sept 2021')).toBe('2021-09-02');
    expect(connectedOnDay('2024-03-12')).toBe('2024-03-12');
    expect(connectedOnDay('3/12/2024')).toBe('2024-03-12');
    expect(connectedOnDay('31 Feb 2024')).toBeNull();
    expect(connectedOnDay('yesterday')).toBeNull();
  });
});
