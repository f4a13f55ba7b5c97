import type { SessionCompany, SessionUser } from '@referwell/shared';
import { dashboardPathFor } from '@referwell/shared/rules/auth';

/** The header's navigation as data (SPEC §2 "Header navigation"), shared by desktop and mobile menus. */
export interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export interface NavMenu {
  label: string;
  items: NavLink[];
}

export type NavEntry = NavLink | NavMenu;

export const isMenu = (entry: NavEntry): entry is NavMenu => 'items' in entry;

export const loggedOutNavigation: NavEntry[] = [
  // Anyone may search jobs (issue 38).
  { label: 'Find Jobs', to: '/search-jobs' },
  {
    label: 'How it Works',
    items: [
      { label: 'For Job Seekers', to: '/how-it-works', description: 'Get referred by people inside the company' },
      { label: 'For Referrers', to: '/how-it-works-referrers', description: 'Refer great people and earn a bonus' },
      { label: 'For Companies', to: '/how-it-works-companies', description: 'Hire through your own employees' },
    ],
  },
  {
    label: 'Beta Program',
    items: [
      {
        label: 'For Healthcare Companies',
        to: '/beta-program-companies',
        description: 'Six months of referral hiring at $500 a month',
      },
      { label: 'For Job Seekers', to: '/beta-program-job-seekers', description: 'Invite-only and always free' },
    ],
  },
  { label: 'Resources', to: '/resources' },
];

/**
 * Logged-in navigation (SPEC §2, §6). Job seekers find jobs; referrers find candidates; company
 * admins (company role companyAdmin) also post jobs and open the company dashboard.
 */
export function loggedInNavigation(user: SessionUser, company: SessionCompany | null): NavLink[] {
  if (user.type === 'jobseeker') return [{ label: 'Find Jobs', to: '/search-jobs' }];
  const isCompanyAdmin = company?.role === 'companyAdmin';
  return [
    { label: 'Find Candidates', to: '/search-candidates' },
    ...(company
      ? [
          { label: 'Jobs Board', to: '/jobs-board' },
          { label: 'Referral Requests', to: '/referral-requests' },
        ]
      : []),
    ...(isCompanyAdmin
      ? [
          { label: 'Post Job', to: '/post-job' },
          { label: 'Company Dashboard', to: '/company-dashboard' },
        ]
      : []),
  ];
}

/** The user menu's links: the dashboard, the profile the user can edit, then their settings. */
export function accountNavigation(user: SessionUser, company: SessionCompany | null): NavLink[] {
  const links: NavLink[] = [{ label: 'Dashboard', to: dashboardPathFor(user.type) }];
  if (user.type === 'jobseeker') {
    links.push({ label: 'Edit Profile', to: '/talent-profile' });
    links.push({ label: 'Who you know', to: '/connections' });
  } else if (company) {
    links.push({ label: 'My referrer profile', to: `/referrer-profile/${user.id}` });
    links.push({ label: 'Who you know', to: '/connections' });
    links.push({ label: 'Company Profile', to: '/company-profile' });
  }
  links.push({ label: 'Settings', to: '/settings' });
  return links;
}
