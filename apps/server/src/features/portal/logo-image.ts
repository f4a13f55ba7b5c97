// A company's uploaded logo: what kind of image it is, decided by its bytes (never by its name or the announced type),
// as résumés are (features/talent/resume/detect.ts). SVG is refused: it can carry script.
export type LogoKind = 'png' | 'jpeg' | 'webp';

export const LOGO_CONTENT_TYPES: Record<LogoKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The largest width or height a logo may declare: a small file can declare a huge canvas for browsers to decode. */
export const LOGO_MAX_SIDE = 4096;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** 'png', 'jpeg' or 'webp' from the file's signature; else null. */
export function detectLogoKind(bytes: Uint8Array): LogoKind | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The canvas a PNG declares in its IHDR chunk (always first: width and height at bytes 16-23), or null when the header
 * is cut short. JPEG and WebP are bounded by the upload's size alone.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
