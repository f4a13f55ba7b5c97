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
