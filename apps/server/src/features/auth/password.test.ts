import * as argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// A pass-through spy: the real argon2id runs; the test counts that it ran.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('verifies an argon2id hash for an unknown account too, so both failures cost the same', async () => {
    const stored = await hashPassword('correct horse battery staple');
    vi.mocked(argon2.verify).mockClear();
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword(undefined, 'wrong horse')).toBe(false);
    const hashesVerified = vi.mocked(argon2.verify).mock.calls.map(([hash]) => hash);
    expect(hashesVerified).toHaveLength(2);
    for (const hash of hashesVerified) expect(String(hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('treats a corrupt stored hash as a wrong password, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
