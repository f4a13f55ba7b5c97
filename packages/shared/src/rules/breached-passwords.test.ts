import { describe, expect, it } from 'vitest';
import { isBreachedPassword } from './breached-passwords';

describe('isBreachedPassword', () => {
  it('refuses passwords from breach lists, also with digits or symbols around them', () => {
    for (const password of ['password', 'iloveyou', 'trustno1', 'Sunshine', 'dragon2024!', '!!monkey99']) {
      expect(isBreachedPassword(password), password).toBe(true);
    }
  });

  it('lets long unrelated words through', () => {
    for (const password of ['correct horse battery staple', 'lantern-quarry-velvet', 'referwell-demo']) {
      expect(isBreachedPassword(password), password).toBe(false);
    }
  });
});
