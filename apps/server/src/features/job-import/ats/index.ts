import { ashby } from './ashby';
import type { AtsApis, AtsTarget } from './common';
import { greenhouse } from './greenhouse';
import { lever } from './lever';
import { workable } from './workable';

export type { AtsName, AtsTarget } from './common';

export const ATS_ADAPTERS = [greenhouse, lever, ashby, workable] as const;

/** The applicant-tracking job a URL points at (Greenhouse, Lever, Ashby, Workable), or null. */
export function matchAts(rawUrl: string, apis: AtsApis): AtsTarget | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const adapter of ATS_ADAPTERS) {
    const target = adapter.match(url, apis);
    if (target) return target;
  }
  return null;
}
