import { describe, expect, it } from 'vitest';
import { ANY_POSTCODE, countryCode, isRegionName, regionCountries } from './locations';
import { cityCountries, isKnownCity } from './locations-data';

describe('locations', () => {
  it('knows countries by their names in the readers’ languages and by code', () => {
    expect(countryCode('Polska')).toBe('PL');
    expect(countryCode('Suomi')).toBe('FI');
    expect(countryCode('Deutschland')).toBe('DE');
    expect(countryCode('DK')).toBe('DK');
    expect(countryCode('Engineering')).toBe('');
  });

  it('knows regions and their codes', () => {
    expect(regionCountries('MA')).toContain('US');
    expect(isRegionName('małopolskie')).toBe(true);
    expect(isRegionName('Karnataka')).toBe(true);
  });

  it('removes postcodes of many countries', () => {
    const strip = (s: string) => s.replace(ANY_POSTCODE, '').replace(/\s+/g, ' ').trim();
    expect(strip('Leeds LS6 2QT')).toBe('Leeds');
    expect(strip('80802 München')).toBe('München');
    expect(strip('20-001 Lublin')).toBe('Lublin');
    expect(strip('4150-171 Porto')).toBe('Porto');
  });

  it('knows the cities of the world (server-only list) and large cities by their local names', () => {
    expect(isKnownCity('Umeå')).toBe(true);
    expect(isKnownCity('Warszawa')).toBe(true);
    expect(cityCountries('Cluj-Napoca')).toEqual(['RO']);
    expect(isKnownCity('Engineering')).toBe(false);
  });
});
