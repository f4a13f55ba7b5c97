/** A name folded for comparison: lowercase, accents and punctuation gone, single spaces ('O’Brien-Díaz' → 'obrien diaz'). */
export function nameKey(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** Words after a name that are not part of it ('Jane Doe, RN', 'John Smith Jr.'). */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'md', 'rn', 'np', 'do', 'phd', 'pa', 'lpn', 'dds', 'pharmd']);

/** A person's first and last name as LEIE rows hold them, from the one name an account has ('Jane Q. Doe'). */
export function firstAndLast(name: string): { first: string; last: string } | null {
  const words = nameKey(name)
    .split(' ')
    .filter((word) => word && !SUFFIXES.has(word));
  if (words.length < 2) return null;
  return { first: words[0]!, last: words.at(-1)! };
}
