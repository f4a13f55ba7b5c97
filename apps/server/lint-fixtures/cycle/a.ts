// Planted: a.ts and b.ts import each other (import-x/no-cycle must report it).
import { b } from './b';

export const a = (): string => `a${b.length}`;
