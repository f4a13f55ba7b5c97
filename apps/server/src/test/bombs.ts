import { createHash, randomBytes } from 'node:crypto';
import { constants, createDeflateRaw } from 'node:zlib';

/**
 * Decompression bombs for tests, built in milliseconds: deflate data that inflates to `mb` MB of spaces. Deflating
 * 1 MB of spaces with a sync flush after it leaves the compressor in the same state every time, so the bytes of the
 * second megabyte repeat for every further one; the data is the first megabyte's bytes, that block `mb - 1` times,
 * and an empty final block.
 */
async function rawSpaces(mb: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => output.push(chunk));
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  const piece = () =>
    new Promise<Buffer>((resolve) => {
      deflate.write(megabyte);
      deflate.flush(constants.Z_SYNC_FLUSH, () => resolve(Buffer.concat(output.splice(0))));
    });
  const first = await piece();
  const repeated = await piece();
  deflate.destroy();
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([first, ...Array<Buffer>(mb - 1).fill(repeated), finalEmptyBlock]);
}

/** zlib (PDF FlateDecode): `mb` MB of spaces, with its correct Adler-32. */
export async function zlibSpaces(mb: number): Promise<Buffer> {
  const n = BigInt(mb) * 1024n * 1024n;
  const a = (1n + n * 32n) % 65521n;
  const b = (n + (32n * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([Buffer.from([0x78, 0xda]), await rawSpaces(mb), adler]);
}

/** gzip (Content-Encoding): `mb` MB of spaces; its CRC is not computed (readers stop at their cap long before). */
export async function gzipSpaces(mb: number): Promise<Buffer> {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE((mb * 1024 * 1024) >>> 0, 4);
  return Buffer.concat([header, await rawSpaces(mb), trailer]);
}

/** A one-page PDF whose content stream is `stream` under `dictionary` (e.g. '/Filter /FlateDecode'). */
export function pdfWithContent(dictionary: string, stream: Buffer, extraObjects: string[] = []): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let position = parts[0]!.length;
  const offsets: number[] = [];
  const push = (part: Buffer) => {
    parts.push(part);
    position += part.length;
  };
  objects.forEach((object, i) => {
    offsets.push(position);
    push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`));
  });
  offsets.push(position);
  push(Buffer.from(`4 0 obj\n<< ${dictionary} /Length ${stream.length} >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  extraObjects.forEach((object, i) => {
    offsets.push(position);
    push(Buffer.from(`${i + 5} 0 obj\n${object}\nendobj\n`));
  });
  const xref = position;
  const size = offsets.length + 1;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${size}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** The PDF of issue 40: one FlateDecode content stream that inflates to `mb` MB of spaces (1.5 MB for 1,500). */
export async function pdfBomb(mb = 1500): Promise<Buffer> {
  return pdfWithContent('/Filter /FlateDecode', await zlibSpaces(mb));
}

/**
 * A DOCX whose word/document.xml inflates to `mb` MB of spaces while its zip headers declare 4 KB (a lying header:
 * only counting what really comes out catches it). Written by hand: a zip writer would deflate the gigabyte first.
 */
export async function docxBomb(mb = 1500): Promise<Buffer> {
  const entries = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0, declared: 8 },
    { name: 'word/document.xml', data: await rawSpaces(mb), method: 8, declared: 4096 },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** RC4, for the PDF standard security handler's revision 2 (written out: OpenSSL 3 no longer offers it). */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/**
 * The bomb of pdfBomb in a PDF encrypted with an empty user password (40-bit RC4, standard handler revision 2), as
 * "protected" PDFs often are: readers open it without asking, decrypt the stream and inflate it, while a check of
 * the file's bytes sees only ciphertext. Only the reading process's memory limit stops this one.
 */
export async function encryptedPdfBomb(mb = 1500): Promise<Buffer> {
  const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
  const id = randomBytes(16);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const owner = rc4(md5(PASSWORD_PADDING).subarray(0, 5), PASSWORD_PADDING);
  const key = md5(PASSWORD_PADDING, owner, permissions, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PADDING);
  const objectKey = md5(key, Buffer.from([4, 0, 0, 0, 0])).subarray(0, 10); // object 4, generation 0
  const stream = rc4(objectKey, await zlibSpaces(mb));
  const pdf = pdfWithContent('/Filter /FlateDecode', stream, [
    `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -4 >>`,
  ]);
  const trailer = `/Root 1 0 R /Encrypt 5 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`;
  return Buffer.from(pdf.toString('latin1').replace('/Root 1 0 R', trailer), 'latin1');
}

/** LZWDecode's encoding (9 to 12-bit codes, early change), for a stream filter chain in a test PDF. */
export function lzwEncode(input: Uint8Array): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  let width = 9;
  const write = (code: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  };
  let table = new Map<string, number>();
  let next = 258;
  write(256);
  let word = '';
  const codeOf = (w: string) => (w.length === 1 ? w.charCodeAt(0) : table.get(w)!);
  for (const byte of input) {
    const char = String.fromCharCode(byte);
    if (word === '' || table.has(word + char)) {
      word += char;
      continue;
    }
    write(codeOf(word));
    table.set(word + char, next++);
    if (next >= 1 << width && width < 12) width++;
    if (next >= 4095) {
      write(256);
      table = new Map();
      next = 258;
      width = 9;
    }
    word = char;
  }
  if (word) write(codeOf(word));
  write(257);
  if (bits > 0) out.push((buffer << (8 - bits)) & 255);
  return Buffer.from(out);
}
