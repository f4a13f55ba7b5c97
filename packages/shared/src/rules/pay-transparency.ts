/**
 * Pay transparency (issue 36): the places whose laws require a pay range in a job posting, who each law covers and
 * what it asks the posting to show. One table, read by the jobs service when a job is posted, imported, edited or
 * published (ADR "pay transparency"): a job a rule covers cannot be open without a range unless a company admin
 * marked it exempt with a reason. Readings are conservative (when a law's reach is unclear, the rule applies): this is
 * a guard against forgetting, not legal advice.
 */
import { REGIONS } from '../locations';
import type { Workplace } from '../schemas/jobs';

/** The US states (with DC and Puerto Rico) a company can say it employs people in: postal code and name. */
export const US_STATES: readonly { code: string; name: string }[] = (REGIONS.US ?? []).map((entry) => {
  const [code = '', name = code] = entry.split('|');
  return { code, name };
});
const US_STATE_CODES = new Set(US_STATES.map((state) => state.code));

/** Whether a text is a US state's postal code ('CO'), as companies' staff states are stored. */
export const isUsStateCode = (code: string): boolean => US_STATE_CODES.has(code);

/** What a law asks a covered posting to show. Referwell enforces the range; the rest is shown as guidance. */
export type PayDisclosure = 'payRange' | 'benefits' | 'otherCompensation';

export interface PayTransparencyRule {
  /** Stable id, named in the refusal ('US-CO', 'US-NY-NYC'). */
  id: string;
  /** The law as people call it. */
  name: string;
  /** Where it applies: a US state (postal code) and, for a city's law, the city's names in the gazetteer (boroughs too). */
  region: string;
  cities?: string[];
  citation: string;
  /** The official or enforcing agency's page the rule was read from. */
  source: string;
  /** First day the posting duty applies (YYYY-MM-DD). */
  effective: string;
  /** Employers with fewer employees are not covered (1: every employer). */
  minEmployees: number;
  /**
   * Covers remote jobs that could be done from the jurisdiction (open to its residents), not only jobs located there,
   * when the employer is present there (see PostingScope.employerPlaces and staffStates).
   */
  remoteOpenToResidents: boolean;
  mustShow: PayDisclosure[];
}

export const PAY_TRANSPARENCY_RULES: readonly PayTransparencyRule[] = [
  {
    id: 'US-CO',
    name: 'Colorado Equal Pay for Equal Work Act',
    region: 'CO',
    citation: 'C.R.S. § 8-5-201; 7 CCR 1103-18 (EPEWA), as amended by SB 23-105',
    source: 'https://cdle.colorado.gov/dlss/labor-laws-by-topic/equal-pay-for-equal-work-act',
    effective: '2021-01-01',
    minEmployees: 1,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits', 'otherCompensation'],
  },
  {
    id: 'US-CA',
    name: 'California pay scale disclosure (SB 1162)',
    region: 'CA',
    citation: 'Cal. Lab. Code § 432.3(c)(3)',
    source: 'https://www.dir.ca.gov/dlse/California-Equal-Pay-Act-FAQs.htm',
    effective: '2023-01-01',
    minEmployees: 15,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
  {
    id: 'US-WA',
    name: 'Washington Equal Pay and Opportunities Act (SB 5761)',
    region: 'WA',
    citation: 'RCW 49.58.110; L&I Administrative Policy ES.E.1',
    source: 'https://lni.wa.gov/workers-rights/wages/equal-pay-opportunities-act/',
    effective: '2023-01-01',
    minEmployees: 15,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits', 'otherCompensation'],
  },
  {
    id: 'US-NY',
    name: 'New York State pay transparency',
    region: 'NY',
    citation: 'N.Y. Labor Law § 194-b',
    source: 'https://dol.ny.gov/pay-transparency',
    effective: '2023-09-17',
    minEmployees: 4,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
  {
    id: 'US-NY-NYC',
    name: 'New York City salary transparency (Local Law 32 of 2022)',
    region: 'NY',
    cities: ['New York City', 'New York', 'Manhattan', 'Brooklyn', 'Queens', 'Bronx', 'The Bronx', 'Staten Island'],
    citation: 'NYC Admin. Code § 8-107(32)',
    source: 'https://www.nyc.gov/site/cchr/media/salary-transparency.page',
    effective: '2022-11-01',
    minEmployees: 4,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
  {
    id: 'US-NJ-JC',
    name: 'Jersey City pay transparency ordinance',
    region: 'NJ',
    cities: ['Jersey City'],
    citation: 'Jersey City Municipal Code § 148-4.1 (Ordinances 22-026 and 22-045)',
    source: 'https://jerseycitynj.gov/cms/One.aspx?pageId=19762610&portalId=6189744',
    effective: '2022-04-13',
    minEmployees: 5,
    remoteOpenToResidents: false,
    mustShow: ['payRange', 'benefits'],
  },
  {
    id: 'US-NJ',
    name: 'New Jersey pay transparency (S2310)',
    region: 'NJ',
    citation: 'N.J.S.A. 34:11-56.14a (P.L. 2024, c. 91)',
    source: 'https://www.nj.gov/labor/wageandhour/',
    effective: '2025-06-01',
    minEmployees: 10,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits'],
  },
  {
    id: 'US-IL',
    name: 'Illinois Equal Pay Act pay scale and benefits disclosure',
    region: 'IL',
    citation: '820 ILCS 112/10(b) (HB 3129)',
    source: 'https://labor.illinois.gov/laws-rules/conmed/equal-pay-act.html',
    effective: '2025-01-01',
    minEmployees: 15,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits', 'otherCompensation'],
  },
  {
    id: 'US-MD',
    name: 'Maryland Wage Range Transparency Act',
    region: 'MD',
    citation: 'Md. Code, Lab. & Empl. § 3-304.2 (SB 525)',
    source: 'https://labor.maryland.gov/labor/wages/',
    effective: '2024-10-01',
    minEmployees: 1,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits'],
  },
  {
    id: 'US-DC',
    name: 'District of Columbia Wage Transparency Omnibus Amendment Act',
    region: 'DC',
    citation: 'D.C. Code § 32-1451 et seq. (D.C. Law 25-144)',
    source: 'https://does.dc.gov/',
    effective: '2024-06-30',
    minEmployees: 1,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
  {
    id: 'US-HI',
    name: 'Hawaii pay range disclosure (Act 203)',
    region: 'HI',
    citation: 'HRS § 378-2.4 (SB 1057, 2023)',
    source: 'https://labor.hawaii.gov/',
    effective: '2024-01-01',
    minEmployees: 50,
    remoteOpenToResidents: false,
    mustShow: ['payRange'],
  },
  {
    id: 'US-MN',
    name: 'Minnesota pay transparency',
    region: 'MN',
    citation: 'Minn. Stat. § 181.173',
    source: 'https://www.dli.mn.gov/business/employment-practices/pay-transparency',
    effective: '2025-01-01',
    minEmployees: 30,
    remoteOpenToResidents: true,
    mustShow: ['payRange', 'benefits'],
  },
  {
    id: 'US-VT',
    name: 'Vermont compensation disclosure in job advertisements (Act 155)',
    region: 'VT',
    citation: '21 V.S.A. § 495o',
    source: 'https://ago.vermont.gov/',
    effective: '2025-07-01',
    minEmployees: 5,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
  {
    id: 'US-MA',
    name: 'Massachusetts salary range transparency (Frances Perkins Workplace Equity Act)',
    region: 'MA',
    citation: 'M.G.L. c. 149, § 105F (St. 2024, c. 141)',
    source: 'https://www.mass.gov/info-details/pay-transparency-in-massachusetts',
    effective: '2025-10-29',
    minEmployees: 25,
    remoteOpenToResidents: true,
    mustShow: ['payRange'],
  },
];

/** A place a job's location names (as `readLocation` of @referwell/shared/places reads it). */
export interface PostingPlace {
  city: string | null;
  region: string | null;
  country: string | null;
}

/** What decides which rules cover a posting. */
export interface PostingScope {
  places: PostingPlace[];
  workplace: Workplace;
  /** The countries remote work is open to; [] when the location does not say. */
  remoteCountries: string[];
  /**
   * Where the employer is (its profile's location): a law's reach to remote jobs open to its residents binds
   * employers with staff there. A remote job that names a place is open there whoever posts it.
   */
  employerPlaces: PostingPlace[];
  /**
   * The US states (postal codes) the company says it employs people in (its profile's "Where you employ people"): a
   * state's law reaching remote jobs open to its residents binds the company there as if its profile were there.
   * A city's law (New York City, Jersey City) needs the profile's city: a state says nothing of the city.
   */
  staffStates: readonly string[];
  /** The company's size as its profile states it ('51-200', '10,000+', '12'); null when unknown (then covered). */
  employeeCount: string | null;
  /** When the job is posted (rules not yet in force do not apply). */
  at: Date;
}

/**
 * The most employees a company's size text allows ('51-200' → 200, '10,000+' → Infinity, '12' → 12); null when it
 * says no number. A rule leaves out a company only when even this is below its threshold.
 */
export function largestHeadcount(employeeCount: string | null | undefined): number | null {
  const text = (employeeCount ?? '').replaceAll(',', '');
  if (/\+|or more|more than|over/i.test(text)) return Number.POSITIVE_INFINITY;
  const numbers = [...text.matchAll(/\d+(?:\.\d+)?\s*k?/gi)].map(([figure]) =>
    /k/i.test(figure) ? Number.parseFloat(figure) * 1000 : Number.parseFloat(figure),
  );
  return numbers.length === 0 ? null : Math.max(...numbers);
}

const day = (at: Date) => at.toISOString().slice(0, 10);

function inPlace(rule: PayTransparencyRule, place: PostingPlace): boolean {
  if (place.country !== 'US' || place.region !== rule.region) return false;
  return rule.cities === undefined || (place.city !== null && rule.cities.includes(place.city));
}

/**
 * Whether a remote job is open to people living anywhere in the US: it is remote, open to the US (or names no
 * country), and names no US place that would narrow where it can be done.
 */
function openAcrossUs(scope: PostingScope): boolean {
  if (scope.workplace !== 'remote') return false;
  if (scope.remoteCountries.length > 0 && !scope.remoteCountries.includes('US')) return false;
  return !scope.places.some((place) => place.country === 'US' && place.region !== null);
}

/** The rules that cover a posting, in table order. */
export function payRulesFor(scope: PostingScope): PayTransparencyRule[] {
  const headcount = largestHeadcount(scope.employeeCount);
  const today = day(scope.at);
  return PAY_TRANSPARENCY_RULES.filter((rule) => {
    if (rule.effective > today) return false;
    if (headcount !== null && headcount < rule.minEmployees) return false;
    if (scope.places.some((place) => inPlace(rule, place))) return true;
    // A remote job open across the US can be done from the jurisdiction: covered where the employer is present (its
    // profile's place, or a state it employs people in).
    if (!rule.remoteOpenToResidents || !openAcrossUs(scope)) return false;
    return (
      scope.employerPlaces.some((place) => inPlace(rule, place)) ||
      (rule.cities === undefined && scope.staffStates.includes(rule.region))
    );
  });
}

/** The refusal's words: which law asks for a range, by id and name. */
export function payRangeRequiredMessage(rules: readonly PayTransparencyRule[]): string {
  const named = rules.map((rule) => `${rule.name} (${rule.id})`).join('; ');
  return `A pay range is required for this job by ${named}. Add the minimum and maximum pay (for example $120,000 - $150,000 per year), or ask a company admin to mark the job exempt with a reason.`;
}
