import { describe, expect, it } from 'vitest';
import { emailDomainOf, registrableDomainOf } from './email-domain';

describe('e-mail domains', () => {
  it("reads an address's domain after its last @, lower-case", () => {
    expect(emailDomainOf('Sam@EU.Acme.com')).toBe('eu.acme.com');
    expect(emailDomainOf('"odd@name"@acme.co.uk ')).toBe('acme.co.uk');
  });

  it('reads the registrable domain by the Public Suffix List, a platform that lists itself there included', () => {
    expect(registrableDomainOf('careers.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomainOf('acme.github.io')).toBe('acme.github.io');
    expect(registrableDomainOf('github.io')).toBeNull();
    expect(registrableDomainOf('sites.google.com')).toBe('google.com');
  });
});
