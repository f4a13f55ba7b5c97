/**
 * Server-only: the gazetteer. The cities of the world with at least 15,000 people, with their first-level region and
 * coordinates, and the names of those regions (generated from GeoNames, see scripts/build-cities.mjs), plus the local
 * names of large cities and the region abbreviations of locations.ts. Kept out of the package's main entry point so
 * the web bundle never carries it; read into memory on first use (about 24,000 cities).
 */
import { CITIES } from './data/cities';
import { REGION_NAMES } from './data/regions';
import { CITY_ENDONYMS, REGIONS, foldPlace } from './locations';

export interface City {
  /** The name as GeoNames writes it ('New York City', 'Munich'). */
  name: string;
  country: string;
  /** GeoNames first-level region code: a US state's postal code, otherwise GeoNames' own ('08' for Ontario). */
  region: string;
  lat: number;
  lon: number;
  /** Order of size in the whole list (0 the largest), to prefer the larger of two cities of one name. */
  rank: number;
}

export interface Region {
  country: string;
  code: string;
  /** GeoNames' English name ('Massachusetts', 'Bavaria'). */
  name: string;
}

interface Gazetteer {
  cities: Map<string, City[]>;
  regions: Map<string, Region>;
  regionsByName: Map<string, Region[]>;
}

let gazetteer: Gazetteer | undefined;

const regionId = (country: string, code: string) => `${country}.${code}`;

function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const cities = new Map<string, City[]>();
  const addCity = (key: string, city: City) => {
    const list = cities.get(key);
    if (!list) cities.set(key, [city]);
    else if (!list.includes(city)) list.push(city);
  };
  let rank = 0;
  for (const line of CITIES.split('\n')) {
    const [name, country, region, lat, lon, other] = line.split('|');
    if (!name || !country || lat === undefined || lon === undefined) continue;
    const city = { name, country, region: region ?? '', lat: Number(lat), lon: Number(lon), rank: rank++ };
    addCity(foldPlace(name), city);
    if (other) addCity(foldPlace(other), city);
  }
  for (const [local, [english, country]] of Object.entries(CITY_ENDONYMS)) {
    const city = cities.get(foldPlace(english))?.find((c) => c.country === country);
    if (city) addCity(foldPlace(local), city);
  }

  const regions = new Map<string, Region>();
  const regionsByName = new Map<string, Region[]>();
  const addName = (name: string, region: Region) => {
    const key = foldPlace(name);
    const list = regionsByName.get(key) ?? [];
    if (!list.includes(region)) regionsByName.set(key, [...list, region]);
  };
  for (const line of REGION_NAMES.split('\n')) {
    const bar = line.indexOf('|');
    const [country, code] = line.slice(0, bar).split('.');
    if (bar < 0 || !country || !code) continue;
    const region = { country, code, name: line.slice(bar + 1) };
    regions.set(regionId(country, code), region);
    addName(region.name, region);
  }
  // The abbreviations and local names of locations.ts ('MA', 'ON', 'Bayern') join the GeoNames region that one of
  // their names matches, or, for the US (whose GeoNames codes are the postal codes), the region of that code.
  for (const [country, entries] of Object.entries(REGIONS))
    for (const entry of entries) {
      const names = entry.split('|');
      const region =
        names.map((n) => regions.get(regionId(country, n))).find((r) => r && country === 'US') ??
        names.flatMap((n) => regionsByName.get(foldPlace(n)) ?? []).find((r) => r.country === country);
      if (region) for (const name of names) addName(name, region);
    }
  // GeoNames names a few regions in ways people rarely write ('State of Berlin'): the part after 'State of' too.
  for (const region of regions.values()) {
    const short = region.name.replace(/^(State|Province|Region|Republic) of /i, '');
    if (short !== region.name) addName(short, region);
  }
  gazetteer = { cities, regions, regionsByName };
  return gazetteer;
}

/** The cities of this name, largest first ('Portland' → Portland, OR; Portland, ME; …); [] for an unknown name. */
export function citiesNamed(name: string): City[] {
  return load().cities.get(foldPlace(name)) ?? [];
}

/** The first-level regions of this name or abbreviation, in the order of locations.ts's countries first. */
export function regionsNamed(name: string): Region[] {
  return load().regionsByName.get(foldPlace(name)) ?? [];
}

/** A region by country and GeoNames code, or undefined. */
export function regionOf(country: string, code: string): Region | undefined {
  return load().regions.get(regionId(country, code));
}

/** The countries that have a city of this name, largest first ('Porto' → ['PT', …]); [] for an unknown name. */
export function cityCountries(name: string): string[] {
  return [...new Set(citiesNamed(name).map((c) => c.country))];
}

/** Whether a name is a city of at least 15,000 people (or a large city's local name). */
export function isKnownCity(name: string): boolean {
  return citiesNamed(name).length > 0;
}

/** Every city name of the gazetteer (folded), for suggesting a place when one is not known. */
export function cityNames(): IterableIterator<string> {
  return load().cities.keys();
}
