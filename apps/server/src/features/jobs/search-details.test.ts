import { describe, expect, it } from 'vitest';
import { excerptOf } from './search-details';

describe('excerptOf', () => {
  it('writes runs of white space as one space, as the statement did, and keeps no-break spaces', () => {
    expect(excerptOf('Lead\n\n  the\tteam\u2003\u3000now')).toBe('Lead the team now');
    expect(excerptOf('5\u00a0years\u202fof\u2007care')).toBe('5\u00a0years\u202fof\u2007care');
  });

  it('keeps the first 220 characters, counting a character outside the basic plane as one', () => {
    expect(excerptOf('a'.repeat(500))).toBe('a'.repeat(220));
    const emoji = '\u{1F3E5}'.repeat(300);
    expect(excerptOf(emoji)).toBe('\u{1F3E5}'.repeat(220));
    expect(excerptOf(`${'b'.repeat(219)}\u{1F3E5}c`)).toBe(`${'b'.repeat(219)}\u{1F3E5}`);
    expect(excerptOf('short')).toBe('short');
  });
});
