/** Real US cities of the demo world, each with a local area code for seeded phone numbers. */
export const US_CITIES: { city: string; state: string; areaCode: string }[] = [
  { city: 'Nashville', state: 'TN', areaCode: '615' },
  { city: 'Chicago', state: 'IL', areaCode: '312' },
  { city: 'Austin', state: 'TX', areaCode: '512' },
  { city: 'Boston', state: 'MA', areaCode: '617' },
  { city: 'Minneapolis', state: 'MN', areaCode: '612' },
  { city: 'Denver', state: 'CO', areaCode: '303' },
  { city: 'Seattle', state: 'WA', areaCode: '206' },
  { city: 'Atlanta', state: 'GA', areaCode: '404' },
  { city: 'Philadelphia', state: 'PA', areaCode: '215' },
  { city: 'Salt Lake City', state: 'UT', areaCode: '801' },
  { city: 'Raleigh', state: 'NC', areaCode: '919' },
  { city: 'Pittsburgh', state: 'PA', areaCode: '412' },
  { city: 'Columbus', state: 'OH', areaCode: '614' },
  { city: 'Phoenix', state: 'AZ', areaCode: '602' },
  { city: 'San Diego', state: 'CA', areaCode: '619' },
  { city: 'Madison', state: 'WI', areaCode: '608' },
  { city: 'Baltimore', state: 'MD', areaCode: '410' },
  { city: 'Houston', state: 'TX', areaCode: '713' },
];

export const cityName = (c: { city: string; state: string }) => `${c.city}, ${c.state}`;

export function cityByName(name: string) {
  const found = US_CITIES.find((c) => cityName(c) === name);
  if (!found) throw new Error(`seed: ${name} is not a city of the demo world`);
  return found;
}

/** A number in the 555-01xx range, which US numbering reserves for fiction. */
export const demoPhone = (cityLabel: string, n: number) =>
  `+1 (${cityByName(cityLabel).areaCode}) 555-01${String(n % 100).padStart(2, '0')}`;

/** A job's location: a city, 'Hybrid — city', or remote. */
export type JobLocation = `${string}, ${string}` | `Hybrid — ${string}` | 'Remote (US)';

/** The city in a job location ('Hybrid — Austin, TX' → 'Austin, TX'); null for remote. */
export function cityOfJobLocation(location: string): string | null {
  if (/^remote/i.test(location)) return null;
  return location.replace(/^(Hybrid|On-site) — /, '');
}
