import { describe, expect, it } from 'vitest';
import type { SessionCompany, SessionUser } from '@referwell/shared';
import { accountNavigation, loggedInNavigation } from './navigation';

const user = (type: SessionUser['type']): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  type,
  avatarUrl: null,
  referralCode: null,
});
const company = (role: SessionCompany['role']): SessionCompany => ({
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Northwind Health',
  slug: 'northwind-health',
  role,
});
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('header navigation', () => {
  it('gives job seekers Find Jobs', () => {
    expect(loggedInNavigation(user('jobseeker'), null)).toEqual([{ label: 'Find Jobs', to: '/search-jobs' }]);
  });

  it('gives company admins Post Job and Company Dashboard, members Find Candidates, the Jobs Board and Referral Requests', () => {
    expect(labels(loggedInNavigation(user('referrer'), company('companyAdmin')))).toEqual([
      'Find Candidates',
      'Jobs Board',
      'Referral Requests',
      'Post Job',
      'Company Dashboard',
    ]);
    expect(loggedInNavigation(user('referrer'), company('member'))).toEqual([
      { label: 'Find Candidates', to: '/search-candidates' },
      { label: 'Jobs Board', to: '/jobs-board' },
      { label: 'Referral Requests', to: '/referral-requests' },
    ]);
    expect(labels(loggedInNavigation(user('referrer'), null))).toEqual(['Find Candidates']);
  });

  it('offers Edit Profile to job seekers, My referrer profile and Company Profile to referrers, Who you know to both', () => {
    expect(accountNavigation(user('jobseeker'), null)).toEqual([
      { label: 'Dashboard', to: '/jobseeker-dashboard' },
      { label: 'Edit Profile', to: '/talent-profile' },
      { label: 'Who you know', to: '/connections' },
      { label: 'Settings', to: '/settings' },
    ]);
    expect(accountNavigation(user('referrer'), company('member'))).toEqual([
      { label: 'Dashboard', to: '/referrer-dashboard' },
      { label: 'My referrer profile', to: '/referrer-profile/00000000-0000-4000-8000-000000000001' },
      { label: 'Who you know', to: '/connections' },
      { label: 'Company Profile', to: '/company-profile' },
      { label: 'Settings', to: '/settings' },
    ]);
    expect(labels(accountNavigation(user('referrer'), null))).toEqual(['Dashboard', 'Settings']);
  });
});
