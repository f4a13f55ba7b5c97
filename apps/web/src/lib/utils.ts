import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

// tailwind-merge with only the class groups the app uses (tailwind-merge-config.ts, generated and checked by its test).
const twMerge = createTailwindMerge(tailwindMergeConfig);

/** Joins class names, letting later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
