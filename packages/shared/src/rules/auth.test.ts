import { describe, expect, it } from 'vitest';
import { dashboardPathFor, safeReturnTo } from './auth';

describe('safeReturnTo', () => {
  it.each(['/company-dashboard/team', '/messages/1?x=2'])('keeps the site path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });
  it.each([null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s',
    (value) => expect(safeReturnTo(value)).toBeNull(),
  );
});

describe('dashboardPathFor', () => {
  it('sends job seekers and referrers to their own dashboards', () => {
    expect(dashboardPathFor('jobseeker')).toBe('/jobseeker-dashboard');
    expect(dashboardPathFor('referrer')).toBe('/referrer-dashboard');
  });
});
