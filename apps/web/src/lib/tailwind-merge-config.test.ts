// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTailwindMerge, twMerge as fullTwMerge } from 'tailwind-merge';
import { CONFIG_FILE, generateSubsetConfig, scanClassTokens } from '@/test/tailwind-merge-subset';
import { tailwindMergeConfig } from './tailwind-merge-config';

const subsetTwMerge = createTailwindMerge(tailwindMergeConfig);

/** Variants, sorted, outside arbitrary values: two classes can only conflict when these are the same. */
function variantsOf(token: string): string {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return variants.sort().join(':');
}

describe('tailwind-merge subset', () => {
  const tokens = scanClassTokens();

  it('is generated from the classes the app uses today (npm run tailwind-merge-subset -w @referwell/web)', async () => {
    expect(tokens.length).toBeGreaterThan(500);
    expect(readFileSync(CONFIG_FILE, 'utf8')).toBe(await generateSubsetConfig(tokens));
  }, 60_000);

  it('merges every pair of the app classes exactly as the full default config does', () => {
    const byVariants = new Map<string, string[]>();
    for (const token of tokens) {
      const key = variantsOf(token);
      byVariants.set(key, [...(byVariants.get(key) ?? []), token]);
    }
    const differences: string[] = [];
    let pairs = 0;
    for (const group of byVariants.values()) {
      for (const first of group) {
        expect(subsetTwMerge(`${first} ${first}`), first).toBe(first);
        for (const second of group) {
          if (first === second) continue;
          pairs++;
          const classes = `${first} ${second}`;
          const full = fullTwMerge(classes);
          if (subsetTwMerge(classes) !== full) differences.push(`${classes} → ${full}`);
        }
      }
    }
    expect(pairs).toBeGreaterThan(100_000);
    expect(differences).toEqual([]);
  }, 60_000);

  it('still overrides as cn() callers expect', () => {
    expect(subsetTwMerge('px-4 py-2 text-sm', 'px-2 text-lg')).toBe('py-2 px-2 text-lg');
    expect(subsetTwMerge('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe(
      'hover:bg-primary/90 bg-destructive',
    );
    expect(subsetTwMerge('p-4', 'px-2')).toBe('p-4 px-2');
    expect(subsetTwMerge('text-sm/6 leading-none')).toBe('text-sm/6 leading-none');
    expect(subsetTwMerge('leading-none text-sm/6')).toBe('text-sm/6');
  });
});
