import { ashby } from './ashby';
import type { AtsApis, AtsBoard, AtsTarget } from './common';
import { greenhouse } from './greenhouse';
import { lever } from './lever';
import { workable } from './workable';

export type { AtsBoard, AtsName, AtsTarget } from './common';

export const ATS_ADAPTERS = [greenhouse, lever, ashby, workable] as const;

function webUrl(rawUrl: string): URL | null {
  try {
    const url = new URL(rawUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The applicant-tracking job a URL points at (Greenhouse, Lever, Ashby, Workable), or null. */
export function matchAts(rawUrl: string, apis: AtsApis): AtsTarget | null {
  const url = webUrl(rawUrl);
  if (!url) return null;
  for (const adapter of ATS_ADAPTERS) {
    const target = adapter.match(url, apis);
    if (target) return target;
  }
  return null;
}

/** The whole applicant-tracking board a URL points at (its page or its public list API), or null. */
export function matchAtsBoard(rawUrl: string, apis: AtsApis): AtsBoard | null {
  const url = webUrl(rawUrl);
  if (!url) return null;
  for (const adapter of ATS_ADAPTERS) {
    const board = adapter.matchBoard(url, apis);
    if (board) return board;
  }
  return null;
}
