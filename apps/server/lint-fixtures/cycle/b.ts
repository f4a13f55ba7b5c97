// Planted: see a.ts.
import { a } from './a';

export const b = (): string => `b${a.length}`;
