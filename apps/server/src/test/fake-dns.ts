// A tiny authoritative DNS server over UDP for tests (RFC 1035 §4): answers TXT questions from a table the test
// fills, NXDOMAIN for names it does not hold. The app asks it through node:dns's Resolver (SSO_DNS_SERVERS).
import { createSocket, type RemoteInfo } from 'node:dgram';

const TYPE_TXT = 16;
const CLASS_IN = 1;

export interface FakeDns {
  /** "127.0.0.1:port", as SSO_DNS_SERVERS takes it. */
  server: string;
  /** The TXT records of a name (each record one string; longer than 255 bytes is split into strings). */
  txt: Map<string, string[]>;
  /** Questions asked, lower-case names. */
  questions: string[];
  close(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! !== 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function txtRdata(record: string): Buffer {
  const bytes = Buffer.from(record, 'utf8');
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || parts.length === 0; at += 255) {
    const chunk = bytes.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(query: Buffer, txt: Map<string, string[]>, questions: string[]): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  questions.push(name);
  const question = query.subarray(12, end + 4);
  const records = txt.get(name);
  const answers = records && type === TYPE_TXT ? records : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  // QR, opcode 0, AA, RD copied, RA; RCODE 3 (NXDOMAIN) for a name we do not hold.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const rrs = answers.map((record) => {
    const rdata = txtRdata(record);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(TYPE_TXT, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...rrs]);
}

export async function startFakeDns(): Promise<FakeDns> {
  const socket = createSocket('udp4');
  const txt = new Map<string, string[]>();
  const questions: string[] = [];
  socket.on('message', (message: Buffer, remote: RemoteInfo) => {
    try {
      socket.send(answer(message, txt, questions), remote.port, remote.address);
    } catch {
      // A malformed question gets no answer, as a real server might.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    txt,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
