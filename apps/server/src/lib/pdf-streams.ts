import type { InflateBudget } from './document-limits';

/**
 * Decodes every stream of a PDF file under an InflateBudget before a PDF reader (pdf.js) sees the file, so a stream
 * that decompresses past a limit is refused up front (DecompressionLimitError) instead of being inflated in memory by
 * the reader, which has no such limit. The filters a reader may run on a content, font or object stream are decoded:
 * FlateDecode, LZWDecode and RunLengthDecode (the ones that expand), ASCIIHexDecode and ASCII85Decode (which shrink,
 * decoded for the filter after them), chained as the stream's /Filter array says. Image filters (DCT, JPX, JBIG2,
 * CCITT) and encrypted streams cannot be counted here: what a reader makes of them is bounded by the memory limit of
 * the process it runs in (lib/worker-task.ts).
 *
 * Streams are found as pdf.js finds them when a file's cross-reference table is broken: `stream` after a dictionary,
 * ended by its direct /Length or, failing that, by the next `endstream`. A stream whose /Filter is not written
 * directly (an indirect reference) is decoded as FlateDecode when it starts with a zlib header.
 */
export async function checkPdfStreams(bytes: Uint8Array, budget: InflateBudget): Promise<PdfStreamsReport> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const report: PdfStreamsReport = { streams: 0, opaque: 0, encrypted: /\/Encrypt\s/.test(text) };
  const start = /stream(?:\r\n|\n|\r)/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const keyword = match.index;
    if (!/>>\s*$/.test(text.slice(Math.max(0, keyword - 64), keyword))) continue; // "endstream", or text in a stream
    const dictionary = dictionaryBefore(text, keyword);
    const dataStart = keyword + match[0].length;
    const dataEnd = streamEnd(text, dictionary, dataStart);
    start.lastIndex = dataEnd;
    report.streams += 1;
    const filters = filtersOf(dictionary);
    let data: Uint8Array = bytes.subarray(dataStart, dataEnd);
    const names = filters ?? (hasZlibHeader(data) ? ['FlateDecode'] : []);
    for (const [i, name] of names.entries()) {
      const decode = DECODERS[name];
      if (!decode) {
        report.opaque += 1; // an image filter or Crypt: left to the reader's memory limit
        break;
      }
      const decoded = await decode(data, budget, i < names.length - 1);
      if (!decoded) break;
      data = decoded;
    }
  }
  return report;
}

export interface PdfStreamsReport {
  streams: number;
  /** Streams with a filter that is not decoded here (images, Crypt). */
  opaque: number;
  /** The file is encrypted: its streams decode to noise here (the reader decrypts them first). */
  encrypted: boolean;
}

type Decoder = (data: Uint8Array, budget: InflateBudget, keep: boolean) => Promise<Uint8Array | null>;

const flate: Decoder = async (data, budget, keep) =>
  hasZlibHeader(data) ? budget.inflate(data, 'zlib', { keep }) : null; // pdf.js refuses a stream without one

const DECODERS: Record<string, Decoder> = {
  FlateDecode: flate,
  Fl: flate,
  LZWDecode: async (data, budget, keep) => lzwDecode(data, budget, keep),
  LZW: async (data, budget, keep) => lzwDecode(data, budget, keep),
  RunLengthDecode: async (data, budget, keep) => runLengthDecode(data, budget, keep),
  RL: async (data, budget, keep) => runLengthDecode(data, budget, keep),
  ASCIIHexDecode: async (data) => asciiHexDecode(data),
  AHx: async (data) => asciiHexDecode(data),
  ASCII85Decode: async (data) => ascii85Decode(data),
  A85: async (data) => ascii85Decode(data),
};

/** The dictionary text before a `stream` keyword: from its object's `N G obj` (or 16 KB back) to the keyword. */
function dictionaryBefore(text: string, keyword: number): string {
  const window = text.slice(Math.max(0, keyword - 16_384), keyword);
  const objects = [...window.matchAll(/\d+\s+\d+\s+obj\b/g)];
  const last = objects.at(-1);
  return last ? window.slice(last.index) : window;
}

function streamEnd(text: string, dictionary: string, dataStart: number): number {
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)\b/.exec(dictionary)?.[1];
  if (length !== undefined) {
    const end = dataStart + Number(length);
    if (/^\s*endstream/.test(text.slice(end, end + 32))) return end;
  }
  const found = text.indexOf('endstream', dataStart);
  if (found === -1) return text.length;
  // The end-of-line before `endstream` belongs to the keyword, not to the data.
  return text[found - 2] === '\r' && text[found - 1] === '\n'
    ? found - 2
    : /[\r\n]/.test(text[found - 1] ?? '')
      ? found - 1
      : found;
}

/** The filter names of a dictionary, in order; null when /Filter is absent or not written directly. */
function filtersOf(dictionary: string): string[] | null {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dictionary)?.[1];
  if (!filter) return null;
  return [...filter.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => m[1]!);
}

function hasZlibHeader(data: Uint8Array): boolean {
  return data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
}

/** Collects (keep) or only counts decoded bytes, charging the budget every 64 KB. */
class Output {
  private chunks: Uint8Array[] = [];
  private pending: number[] = [];
  private produced = 0;
  private uncharged = 0;

  constructor(
    private readonly budget: InflateBudget,
    private readonly keep: boolean,
  ) {}

  push(byte: number): void {
    if (this.keep) {
      this.pending.push(byte);
      if (this.pending.length >= 65_536) this.flushPending();
    }
    this.count(1);
  }

  count(bytes: number): void {
    this.produced += bytes;
    this.uncharged += bytes;
    if (this.uncharged >= 65_536) this.charge();
  }

  pushRun(bytes: ArrayLike<number>): void {
    if (this.keep) for (let i = 0; i < bytes.length; i++) this.pending.push(bytes[i]!);
    if (this.keep && this.pending.length >= 65_536) this.flushPending();
    this.count(bytes.length);
  }

  finish(): Uint8Array | null {
    this.charge();
    if (!this.keep) return null;
    this.flushPending();
    return Buffer.concat(this.chunks);
  }

  private charge(): void {
    const bytes = this.uncharged;
    this.uncharged = 0;
    this.budget.charge(this.produced, bytes);
  }

  private flushPending(): void {
    this.chunks.push(Uint8Array.from(this.pending));
    this.pending = [];
  }
}

/** LZWDecode as PDF defines it (9 to 12-bit codes, 256 clear, 257 end, early change), counting as it goes. */
function lzwDecode(data: Uint8Array, budget: InflateBudget, keep: boolean): Uint8Array | null {
  const out = new Output(budget, keep);
  // Each code's string: its prefix code, last byte, length and first byte (so counting needs no walk).
  const prefix = new Int32Array(4096).fill(-1);
  const suffix = new Uint8Array(4096);
  const length = new Uint32Array(4096);
  const first = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  const run = new Uint8Array(4096);
  const emit = (code: number) => {
    if (!keep) return out.count(length[code]!);
    const n = length[code]!;
    for (let c = code, i = n - 1; c !== -1; c = prefix[c]!, i--) run[i] = suffix[c]!;
    out.pushRun(run.subarray(0, n));
  };
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return out.finish();
      if (code > next || (code === next && previous === -1) || (code >= 258 && code < next && length[code] === 0))
        return out.finish(); // damaged: what came before counts
      if (previous !== -1 && next < 4096) {
        // The new entry: the previous string and the first byte of this one (of itself, for the code being made).
        prefix[next] = previous;
        suffix[next] = code === next ? first[previous]! : first[code]!;
        first[next] = first[previous]!;
        length[next] = length[previous]! + 1;
        next++;
      }
      emit(code);
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++; // early change (the PDF default)
    }
  }
  return out.finish();
}

/** RunLengthDecode: a length byte n, then n+1 literal bytes (n < 128) or one byte repeated 257-n times (n > 128). */
function runLengthDecode(data: Uint8Array, budget: InflateBudget, keep: boolean): Uint8Array | null {
  const out = new Output(budget, keep);
  for (let i = 0; i < data.length;) {
    const n = data[i++]!;
    if (n === 128) break;
    if (n < 128) {
      out.pushRun(data.subarray(i, i + n + 1));
      i += n + 1;
    } else {
      const repeated = data[i++] ?? 0;
      if (keep) out.pushRun(new Uint8Array(257 - n).fill(repeated));
      else out.count(257 - n);
    }
  }
  return out.finish();
}

function asciiHexDecode(data: Uint8Array): Uint8Array {
  const hex = Buffer.from(data)
    .toString('latin1')
    .replace(/>[\s\S]*$/, '')
    .replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85Decode(data: Uint8Array): Uint8Array {
  const input = Buffer.from(data)
    .toString('latin1')
    .replace(/~>[\s\S]*$/, '')
    .replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const char of input) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) continue;
    group.push(code);
    if (group.length === 5) {
      const value = group.reduce((acc, d) => acc * 85 + d, 0);
      out.push((value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const missing = 5 - group.length;
    const value = [...group, ...Array<number>(missing).fill(84)].reduce((acc, d) => acc * 85 + d, 0);
    const bytes = [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    out.push(...bytes.slice(0, 4 - missing));
  }
  return Uint8Array.from(out);
}
