// What kind of document an uploaded resume is, decided by its content (never by its name), and the zip-bomb guard
// that runs on a DOCX before anything unzips it.
import yauzl from 'yauzl';
import { RESUME_MESSAGES, type ResumeKind } from '@referwell/shared';
import { InflateBudget, type InflateLimits } from '../../../lib/document-limits';
import { AppError, isAppError } from '../../../lib/errors';

/** Limits for a DOCX before it is unpacked. Real resumes have ~20-60 entries and a few MB unpacked at most. */
export const DOCX_LIMITS = {
  maxEntries: 1000,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** What one entry may unpack to (document.xml of a long resume is well under 1 MB). */
  maxEntryUncompressedBytes: 16 * 1024 * 1024,
  /** An entry that inflates more than this many times its compressed size (and is over 1 MB unpacked) is refused. */
  maxRatio: 200,
  ratioCheckMinBytes: 1024 * 1024,
} as const;

/** The same totals, counted on what the entries really inflate to (a lying header declares less). */
export const DOCX_INFLATE_LIMITS: InflateLimits = {
  perStreamBytes: DOCX_LIMITS.maxEntryUncompressedBytes,
  perDocumentBytes: DOCX_LIMITS.maxTotalUncompressedBytes,
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * Reads a zip's central directory (names and declared sizes) without inflating anything. Returns null when the
 * bytes are not a readable zip. Zip64 archives are reported with their 0xFFFFFFFF markers left as sizes, which the
 * guard then refuses (no resume needs zip64).
 */
export function readZipDirectory(bytes: Uint8Array): { entryCount: number; entries: ZipEntryInfo[] } | null {
  if (bytes.length < 22) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entryCount = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (cdOffset + cdSize > bytes.length) return null;
  const entries: ZipEntryInfo[] = [];
  const decoder = new TextDecoder();
  let p = cdOffset;
  // Stop early once the count is over the limit: the guard refuses anyway.
  for (let n = 0; n < entryCount && n <= DOCX_LIMITS.maxEntries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CENTRAL_HEADER_SIGNATURE) return null;
    const compressedSize = view.getUint32(p + 20, true);
    const uncompressedSize = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    if (p + 46 + nameLength > bytes.length) return null;
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    entries.push({ name, compressedSize, uncompressedSize });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return { entryCount, entries };
}

/** 'pdf', 'docx' or 'doc' from the file's bytes (PDF magic, zip with word/document.xml, OLE2 header); else null. */
export function detectResumeKind(bytes: Uint8Array): ResumeKind | null {
  if (startsWith(bytes, OLE2_MAGIC)) return 'doc';
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) {
    const dir = readZipDirectory(bytes);
    return dir?.entries.some((e) => e.name === 'word/document.xml') ? 'docx' : null;
  }
  // PDF: '%PDF-' within the first 1024 bytes (what PDF readers accept), almost always at offset 0.
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + PDF_MAGIC.length <= head.length; i++) if (startsWith(head, PDF_MAGIC, i)) return 'pdf';
  return null;
}

/** A document past a decompression limit, or one whose reading ran out of memory (422: the upload itself was fine). */
export const tooComplex = () => new AppError(422, 'RESUME_TOO_COMPLEX', RESUME_MESSAGES.tooComplex);

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    );
  });
}

/**
 * Zip-bomb guard for a DOCX, before the reader (layout/docx-reader.ts) unzips it: refuses (422) too many entries,
 * too much declared uncompressed data, absurd compression ratios, and then inflates every entry as a stream, counting
 * bytes against an InflateBudget (per entry and in all), so an entry that inflates beyond what it declares (a lying
 * header) is caught too (yauzl also checks each entry against its declared size).
 * Throws 400 when the zip cannot be read.
 */
export async function assertSafeDocx(bytes: Uint8Array): Promise<void> {
  const dir = readZipDirectory(bytes);
  if (!dir) throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
  if (dir.entryCount > DOCX_LIMITS.maxEntries) throw tooComplex();
  let declared = 0;
  for (const e of dir.entries) {
    declared += e.uncompressedSize;
    if (e.uncompressedSize === 0xffffffff || e.compressedSize === 0xffffffff) throw tooComplex();
    if (e.uncompressedSize > DOCX_LIMITS.maxEntryUncompressedBytes) throw tooComplex();
    if (
      e.uncompressedSize > DOCX_LIMITS.ratioCheckMinBytes &&
      e.uncompressedSize > DOCX_LIMITS.maxRatio * Math.max(1, e.compressedSize)
    )
      throw tooComplex();
  }
  if (declared > DOCX_LIMITS.maxTotalUncompressedBytes) throw tooComplex();

  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged);
  }
  const budget = new InflateBudget(DOCX_INFLATE_LIMITS);
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      try {
        zip.close();
      } catch {
        // already closing
      }
      if (isAppError(error)) return reject(error);
      // yauzl: an entry inflating to more than its header declares ('too many bytes in the stream').
      if (error instanceof Error && /too many bytes/i.test(error.message)) return reject(tooComplex());
      reject(new AppError(400, 'RESUME_UNREADABLE', RESUME_MESSAGES.damaged));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          try {
            budget.charge(entryBytes, chunk.length);
          } catch {
            stream.destroy();
            fail(tooComplex());
          }
        });
        stream.on('error', fail);
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
