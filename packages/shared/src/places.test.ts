import { describe, expect, it } from 'vitest';
import { distanceKm, distanceTokens, placeColumns, placeInQuery, readLocation, resolvePlace } from './places';

describe('places read from locations', () => {
  it('keeps city, region, country, coordinates and remote work as tokens, a label and a point', () => {
    expect(placeColumns('Hybrid — Boston, MA')).toEqual({
      placeKeys: ['plccus', 'plcrusma', 'plcnboston', 'plctusmaboston', 'plcg132x108'],
      placeLabel: 'Boston, MA',
      placeLat: 42.36,
      placeLon: -71.06,
    });
    expect(placeColumns('Remote (US)')).toEqual({
      placeKeys: ['plcremote', 'plcremoteus', 'plccus'],
      placeLabel: 'Remote',
      placeLat: null,
      placeLon: null,
    });
    expect(placeColumns('Munich, Germany').placeLabel).toBe('Munich, Germany');
    expect(placeColumns('').placeKeys).toEqual([]);
  });

  it('reads lists of places and of the countries remote work is open to', () => {
    expect(readLocation('Remote (US, Canada)').remoteCountries).toEqual(['CA', 'US']);
    expect(readLocation('Boston, MA; New York, NY').places.map((p) => p.city)).toEqual(['Boston', 'New York City']);
  });
});

describe('places searched', () => {
  it('resolves a city, a region by name or code, a country and remote work', () => {
    expect(resolvePlace('Boston, MA')).toMatchObject({ kind: 'city', groups: [['plctusmaboston']], choices: [] });
    expect(resolvePlace('ma')).toMatchObject({ kind: 'region', label: 'Massachusetts', groups: [['plcrusma']] });
    expect(resolvePlace('Germany')).toMatchObject({ kind: 'country', groups: [['plccde']] });
    expect(resolvePlace('remote US')).toMatchObject({ kind: 'remote', groups: [['plcremoteany'], ['plcremoteus']] });
  });

  it('searches every city of an ambiguous name and offers each; suggests known places for an unknown one', () => {
    const portland = resolvePlace('Portland')!;
    expect(portland.groups).toEqual([['plcnportland']]);
    expect(portland.choices.map((c) => c.value)).toEqual(expect.arrayContaining(['Portland, OR', 'Portland, ME']));
    expect(portland.center?.label).toBe('Portland, OR');
    expect(resolvePlace('Bostn')).toMatchObject({
      kind: 'unknown',
      suggestions: expect.arrayContaining(['Boston, MA']),
    });
  });

  it('finds a place among search words: names, capitalised codes, remote work', () => {
    expect(placeInQuery('fhir boston')).toMatchObject({ start: 1, end: 2, place: { kind: 'city' } });
    expect(placeInQuery('nurse remote us')).toMatchObject({ start: 1, end: 3, place: { kind: 'remote' } });
    expect(placeInQuery('FHIR MA')).toMatchObject({ place: { label: 'Massachusetts' } });
    expect(placeInQuery('qa engineer')).toBeNull();
    expect(placeInQuery('FHIR developer')).toBeNull();
  });

  it('covers a circle with the one-degree cells it touches', () => {
    const boston = { lat: 42.36, lon: -71.06 };
    const cells = distanceTokens(boston, 40);
    expect(cells).toContain('plcg132x108');
    expect(cells.length).toBeLessThanOrEqual(9);
    expect(distanceKm(boston, { lat: 42.27, lon: -71.8 })).toBeCloseTo(61.6, 0);
  });
});
