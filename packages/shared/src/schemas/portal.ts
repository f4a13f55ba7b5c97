import { z } from 'zod';
import { contrastRatio, HEX_COLOR, MIN_TEXT_CONTRAST } from '../rules/contrast';

/** The branded careers portal's words (issue 34): the admin's settings page and the portal itself. */
export const PORTAL_MESSAGES = {
  settingsTitle: 'Careers portal',
  settingsIntro:
    'Your own careers site: your logo, colour and words, your open jobs with search, and a referral button on each.',
  enabledLabel: 'Portal is on',
  enabledHint: 'While off, the portal’s addresses answer "not found".',
  colorLabel: 'Brand colour',
  colorHint: 'A hex colour such as #0f766e. Buttons use it with white text, so it must be dark enough to read.',
  colorInvalid: 'Enter a colour as # and six hex digits, such as #0f766e.',
  colorTooLight: (ratio: number) =>
    `White text on this colour would be hard to read (contrast ${ratio.toFixed(1)}:1, at least ${MIN_TEXT_CONTRAST}:1 needed). Choose a darker colour.`,
  introLabel: 'Intro',
  introHint: 'A few sentences shown above your jobs.',
  introTooLong: 'Keep the intro under 2,000 characters.',
  saved: 'Portal settings saved',
  logoLabel: 'Logo',
  logoHint: 'PNG, JPEG or WebP, at most 1 MB.',
  logoUploaded: 'Logo uploaded',
  logoRemoved: 'Logo removed',
  removeLogo: 'Remove logo',
  removeLogoTitle: 'Remove the logo?',
  removeLogoBody: 'The portal shows your company’s name in its place until you upload a logo again.',
  logoEmpty: 'Choose an image file.',
  logoTooLarge: 'The logo is larger than 1 MB.',
  logoUnsupported: 'The logo must be a PNG, JPEG or WebP image.',
  viewPortal: 'View portal',
  hostsTitle: 'Custom host names',
  hostsIntro:
    'Serve the portal on your own name, such as careers.example.com. Prove you control it with a DNS TXT record, then point the name at us.',
  hostLabel: 'Host name',
  hostInvalid: 'Enter a host name such as careers.example.com (no https://, no path).',
  hostOurs: 'That is this site’s own address.',
  hostTaken: 'That host name is already claimed.',
  hostAdded: 'Host name added',
  hostRemoved: 'Host name removed',
  hostNotFound: 'Host name not found',
  addHost: 'Add host name',
  verifyHost: 'Verify',
  removeHost: 'Remove',
  removeHostTitle: (host: string) => `Remove ${host}?`,
  removeVerifiedHost:
    'Your talent portal stops answering at this address, and the host name must be verified again to be added back.',
  removePendingHost: 'Its verification stops. You can add it again and start over.',
  noHosts: 'No host names yet. The portal is always at its address on this site.',
  hostVerified: 'Host name verified: it now serves your portal.',
  hostNotProved: (name: string) =>
    `The TXT record was not found at ${name}. DNS changes can take a while to show; try again later.`,
  txtInstructions: 'Add this TXT record at your DNS provider:',
  lastCheckMissed:
    'Our last check did not find the TXT record below. Put it back, or this name stops serving your portal after the next check.',
  /** The scheduled re-check found the proof gone twice in a row (issue 34). */
  hostUnpublishedTitle: 'Custom host name unpublished',
  hostUnpublished: (host: string, txtName: string) =>
    `${host} no longer serves your careers portal: its TXT record at ${txtName} was missing at two checks in a row. Put the record back and verify the name again on the portal page.`,
  verified: 'Verified',
  pending: 'Waiting for the TXT record',
  adminsOnly: 'Only company administrators can change the careers portal.',
  planTitle: 'Enterprise License',
  planLink: 'Plan and billing',
  loadFailed: 'Could not load the portal',
  brandingTitle: 'Branding',
  save: 'Save',
  saving: 'Saving...',
  saveFailed: 'Could not save the portal',
  tryAgain: 'Please try again.',
  logoAlt: 'Your logo',
  noLogo: 'No logo yet: the portal shows your company’s name.',
  chooseLogo: 'Choose a logo file',
  removeLogoFailed: 'Could not remove the logo.',
  txtName: 'Name',
  txtValue: 'Value',
  checking: 'Checking...',
  // The portal itself.
  heading: (company: string) => `Careers at ${company}`,
  searchedTitle: (q: string, company: string) => `${q} jobs at ${company}`,
  defaultDescription: (company: string) => `Open jobs at ${company}.`,
  jobCount: (count: number, isLowerBound: boolean) =>
    `${count}${isLowerBound ? '+' : ''} ${count === 1 && !isLowerBound ? 'job' : 'jobs'}`,
  moreJobs: 'More jobs',
  skipToContent: 'Skip to content',
  jobFacts: 'Job facts',
  description: 'Description',
  responsibilities: 'Responsibilities',
  requirements: 'Requirements',
  searchLabel: 'Search jobs',
  searchPlaceholder: 'Search by title, skills or place',
  search: 'Search',
  openJobs: 'Open jobs',
  noJobs: 'No open jobs right now. Check back soon.',
  noResults: 'No jobs match your search. Try fewer words.',
  allJobs: 'All jobs',
  referFriend: 'Refer a friend',
  referFriendMembers: 'Work here? Refer a friend',
  askReferral: 'Ask for a referral',
  poweredBy: 'Powered by Referwell',
  portalNotFound: 'This careers page is not available.',
} as const;

export const PORTAL_LIMITS = { introMax: 2000, logoMaxBytes: 1024 * 1024 } as const;

/** '#rrggbb', lower-cased; white text on it must reach 4.5:1 (WCAG 2.2 AA). */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(HEX_COLOR, PORTAL_MESSAGES.colorInvalid)
  .transform((value) => value.toLowerCase())
  .superRefine((value, ctx) => {
    const ratio = contrastRatio(value, '#ffffff');
    if (ratio < MIN_TEXT_CONTRAST) ctx.addIssue({ code: 'custom', message: PORTAL_MESSAGES.colorTooLight(ratio) });
  });

/** PUT /api/companies/{companyId}/portal */
export const portalSettingsUpdateSchema = z.object({
  enabled: z.boolean(),
  brandColor: brandColorSchema,
  intro: z
    .string()
    .trim()
    .max(PORTAL_LIMITS.introMax, PORTAL_MESSAGES.introTooLong)
    .transform((value) => value || null)
    .nullable(),
});
export type PortalSettingsUpdate = z.input<typeof portalSettingsUpdateSchema>;

/** A host name as an admin types it: lower-cased, trailing dot dropped; at least two labels, no IP address. */
export const portalHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, PORTAL_MESSAGES.hostInvalid)
      .regex(
        /^(?=.*[a-z])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
        PORTAL_MESSAGES.hostInvalid,
      ),
  );

export const addPortalHostSchema = z.object({ host: portalHostSchema });

export const portalHostSchemaOut = z.object({
  id: z.uuid(),
  host: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** Proved, but the last scheduled re-check did not find the record: the next miss unpublishes it. */
  lastCheckMissed: z.boolean(),
  /** Where the TXT record goes, and what it must hold. */
  txtName: z.string(),
  txtValue: z.string(),
});
export type PortalHost = z.infer<typeof portalHostSchemaOut>;

/** GET /api/companies/{companyId}/portal */
export const portalSettingsSchema = z.object({
  enabled: z.boolean(),
  brandColor: z.string(),
  intro: z.string().nullable(),
  /** The logo's address (a new one after each upload), or null. */
  logoUrl: z.string().nullable(),
  /** Where the portal is on this site: /c/{slug}. */
  path: z.string(),
  hosts: z.array(portalHostSchemaOut),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;

export const portalHostParamSchema = z.object({ companyId: z.uuid(), hostId: z.uuid() });

/** The TXT record's name for a host: a label of ours under it, so it never clashes with the host's own records. */
export const portalTxtName = (host: string) => `_referwell-challenge.${host}`;
export const portalTxtValue = (token: string) => `referwell-verify=${token}`;
