import { describe, expect, it } from 'vitest';
import { dashboardPathFor, loginPath, safeReturnTo } from './auth';
import { resumeActionOf, signupPath, withResumeAction } from './auth-forms';

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

describe('returning to an action after signing in', () => {
  it('carries the action in the page address and reads it back', () => {
    expect(withResumeAction('/job/42', 'apply')).toBe('/job/42?resume=apply');
    expect(withResumeAction('/search-jobs?q=fhir', 'save-search')).toBe('/search-jobs?q=fhir&resume=save-search');
    expect(resumeActionOf(new URLSearchParams('q=fhir&resume=save-search'))).toBe('save-search');
    expect(resumeActionOf(new URLSearchParams('resume=delete-account'))).toBeNull();
  });

  it('keeps returnTo from login to sign-up', () => {
    expect(loginPath('/job/42?resume=apply')).toBe('/login?returnTo=%2Fjob%2F42%3Fresume%3Dapply');
    expect(loginPath(null)).toBe('/login');
    expect(signupPath('/job/42?resume=apply', { role: 'jobseeker' })).toBe(
      '/signup?role=jobseeker&returnTo=%2Fjob%2F42%3Fresume%3Dapply',
    );
    expect(signupPath(null)).toBe('/signup');
  });
});
