import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
  });

  it('verifies an argon2id hash for an unknown account too, so both failures cost the same', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const hashesVerified: string[] = [];
    const counting: typeof verify = (hash, ...rest) => {
      hashesVerified.push(String(hash));
      return verify(hash, ...rest);
    };
    expect(await verifyPassword(stored, 'wrong horse', counting)).toBe(false);
    expect(await verifyPassword(undefined, 'wrong horse', counting)).toBe(false);
    expect(hashesVerified).toHaveLength(2);
    for (const hash of hashesVerified) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('treats a corrupt stored hash as a wrong password, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
