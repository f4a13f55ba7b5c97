import { describe, expect, it } from 'vitest';
import { normaliseEmail, normaliseLinkedinUrl } from './identity';

describe('identity', () => {
  it('compares e-mail addresses without regard to case or surrounding spaces', () => {
    expect(normaliseEmail('  Dana.Reyes@Example.COM ')).toBe('dana.reyes@example.com');
  });

  it('gives every spelling of one LinkedIn profile the same address', () => {
    const canonical = 'https://www.linkedin.com/in/dana-reyes-42';
    for (const url of [
      'https://www.linkedin.com/in/dana-reyes-42/',
      'http://linkedin.com/in/Dana-Reyes-42',
      'linkedin.com/in/dana-reyes-42?trk=public_profile',
      'https://uk.linkedin.com/in/DANA-REYES-42/details/experience/',
      'www.linkedin.com/in/dana-reyes-42#about',
    ])
      expect(normaliseLinkedinUrl(url), url).toBe(canonical);
    expect(normaliseLinkedinUrl('https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller')).toBe(
      normaliseLinkedinUrl('https://de.linkedin.com/in/JÜRGEN-MÜLLER/'),
    );
  });

  it('refuses addresses that are not a LinkedIn profile', () => {
    for (const url of [
      'https://www.linkedin.com/company/acme-health',
      'https://www.linkedin.com/posts/dana_activity',
      'https://example.com/in/dana',
      'https://linkedin.com.evil.example/in/dana',
      'dana-reyes-42',
      'https://www.linkedin.com/in/',
    ])
      expect(normaliseLinkedinUrl(url), url).toBeNull();
  });
});
