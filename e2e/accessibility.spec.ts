// axe-core over every page of the app (packages/shared/src/routes.ts), as a visitor and as each signed-in role,
// failing on any serious or critical violation. The world (company, people, job, referral, conversation, kudos
// link) is made through the API, so the check does not depend on the demo data.
import type { Browser, Page } from '@playwright/test';
import type { AppRouteName } from '@referwell/shared/routes';
import {
  axeViolations,
  expect,
  hydrated,
  inviteCodeOf,
  linkInMailTo,
  newPage,
  postJobViaApi,
  signUpCompanyAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
  widerThanTheScreen,
} from './fixtures';

type Role = 'visitor' | 'jobseeker' | 'referrer' | 'companyAdmin';
type World = Awaited<ReturnType<typeof makeWorld>>;

/** Who visits each route: the roles whose page it is (elsewhere it redirects), so every page is seen as its users see it. */
const VISITED_AS: Record<AppRouteName, Role[]> = {
  home: ['visitor', 'companyAdmin'],
  waitlist: ['visitor'],
  waitlistJoined: ['visitor'],
  signupSent: ['visitor'],
  howItWorks: ['visitor'],
  howItWorksCompanies: ['visitor'],
  howItWorksReferrers: ['visitor'],
  betaProgramCompanies: ['visitor'],
  betaProgramJobSeekers: ['visitor'],
  join: ['visitor'],
  resources: ['visitor'],
  resourcesCompanies: ['visitor'],
  resourcesJobSeekers: ['visitor'],
  companyArticle: ['visitor'],
  jobSeekerArticle: ['visitor'],
  login: ['visitor'],
  loginTwoFactor: ['visitor'],
  signup: ['visitor'],
  confirmSignup: ['visitor'],
  forgotPassword: ['visitor'],
  resetPassword: ['visitor'],
  confirmEmail: ['visitor'],
  verifyDomain: ['visitor'],
  publicCompany: ['visitor'],
  job: ['visitor', 'jobseeker', 'companyAdmin'],
  kudos: ['visitor'],
  referralInvitation: ['visitor'],
  jobseekerDashboard: ['jobseeker'],
  referrerDashboard: ['referrer'],
  referrals: ['referrer'],
  referral: ['jobseeker', 'referrer', 'companyAdmin'],
  referralRequests: ['referrer'],
  searchJobs: ['jobseeker', 'referrer'],
  searchCandidates: ['referrer', 'companyAdmin'],
  companyProfile: ['companyAdmin'],
  companyDashboard: ['companyAdmin'],
  team: ['companyAdmin'],
  auditLog: ['companyAdmin'],
  analytics: ['companyAdmin'],
  billing: ['companyAdmin'],
  integrations: ['companyAdmin'],
  jobSources: ['companyAdmin'],
  platformJobSources: ['companyAdmin'],
  chat: ['companyAdmin'],
  selfId: ['companyAdmin'],
  screening: ['companyAdmin'],
  privacy: ['companyAdmin'],
  security: ['companyAdmin'],
  portalSettings: ['companyAdmin'],
  referralCredit: ['referrer'],
  jobsBoard: ['referrer', 'companyAdmin'],
  postJob: ['companyAdmin'],
  editJob: ['companyAdmin'],
  talentProfile: ['jobseeker'],
  viewTalentProfile: ['jobseeker'],
  viewTalentProfileOf: ['referrer', 'companyAdmin'],
  messages: ['jobseeker', 'referrer'],
  conversation: ['jobseeker', 'referrer'],
  notifications: ['jobseeker', 'companyAdmin'],
  settings: ['referrer'],
  companyReferrers: ['jobseeker'],
  claimCompany: ['jobseeker'],
  confirmCompanyClaim: ['jobseeker'],
  referrerProfile: ['jobseeker'],
  requestReferral: ['jobseeker'],
  connections: ['jobseeker', 'referrer'],
  companyPortal: ['companyAdmin'],
  studioDashboard: ['companyAdmin'],
  studioPortal: ['companyAdmin'],
  talentBySlug: ['referrer'],
  project: ['jobseeker'],
  editProject: ['companyAdmin'],
  scout: ['referrer'],
  createKudos: ['jobseeker'],
};

async function makeWorld(browser: Browser, baseURL: string | undefined) {
  const pages = {
    visitor: await newPage(browser, baseURL),
    jobseeker: await newPage(browser, baseURL),
    referrer: await newPage(browser, baseURL),
    companyAdmin: await newPage(browser, baseURL),
  } satisfies Record<Role, Page>;
  const admin = await signUpCompanyAdmin(pages.companyAdmin);
  const inviteCode = await inviteCodeOf(pages.companyAdmin.request, admin.company.id);
  const referrer = await signUpViaApi(pages.referrer, { name: 'Rae Referrer', role: 'referrer', inviteCode });
  const seeker = await signUpViaApi(pages.jobseeker, { name: 'Sam Seeker', role: 'jobseeker' });
  const ok = async (response: Awaited<ReturnType<Page['request']['post']>>) => {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  await ok(
    await pages.referrer.request.put('/api/referrers/me', {
      data: {
        title: 'Staff Integration Engineer',
        department: 'Interoperability',
        bio: 'I keep HL7 feeds flowing.',
        location: 'Denver, CO',
        skills: ['HL7', 'FHIR'],
        startDate: '2021-03-15',
        acceptsRequests: true,
      },
    }),
  );
  const job = await postJobViaApi(pages.companyAdmin, admin.company.name, {
    referralBonusAmount: 2500,
    referralBonusCurrency: 'USD',
  });
  const referral = await ok(
    await pages.referrer.request.post('/api/referrals', {
      data: { talentId: seeker.user.id, jobId: job.id, notes: 'Sam ran our HL7 cutover.' },
    }),
  );
  const conversation = (await ok(
    await pages.referrer.request.post('/api/conversations', {
      data: { recipientId: seeker.user.id, message: 'Hello Sam, about the interface analyst role.' },
    }),
  )) as { conversation: { id: string } };
  const recommender = uniqueEmail('recommender');
  await ok(
    await pages.jobseeker.request.post('/api/talent/kudos-requests', { data: { recommenderEmail: recommender } }),
  );
  const kudosLink = await linkInMailTo(recommender, '/kudos/');
  const invited = uniqueEmail('invited');
  await ok(
    await pages.referrer.request.post('/api/referrals/external', {
      data: { jobId: job.id, name: 'Ivy Invited', email: invited, relationship: 'worked_together', vouch: 'know_of' },
    }),
  );
  const invitationLink = await linkInMailTo(invited, '/referral-invitation/');
  const jobId = String(job.id);
  const slug = admin.company.slug;
  const request = new URLSearchParams({ jobId, referrerId: referrer.user.id, referrerName: referrer.user.name });

  /** Every route of the app with real ids. */
  const routes: Record<AppRouteName, string> = {
    home: '/',
    waitlist: '/waitlist',
    waitlistJoined: '/waitlist/joined',
    signupSent: '/signup/sent',
    howItWorks: '/how-it-works',
    howItWorksCompanies: '/how-it-works-companies',
    howItWorksReferrers: '/how-it-works-referrers',
    betaProgramCompanies: '/beta-program-companies',
    betaProgramJobSeekers: '/beta-program-job-seekers',
    join: '/join',
    resources: '/resources',
    resourcesCompanies: '/resources/companies',
    resourcesJobSeekers: '/resources/job-seekers',
    companyArticle: '/resources/companies/articles/hiring-best-practices',
    jobSeekerArticle: '/resources/job-seekers/articles/resume-writing',
    login: '/login',
    loginTwoFactor: '/login/two-factor',
    signup: '/signup',
    confirmSignup: '/confirm-signup?token=no-such-token',
    forgotPassword: '/forgot-password',
    resetPassword: '/reset-password?token=no-such-token',
    confirmEmail: '/confirm-email?token=no-such-token',
    verifyDomain: '/verify-domain?token=no-such-token',
    publicCompany: `/company/${slug}`,
    job: `/job/${jobId}`,
    kudos: kudosLink,
    referralInvitation: invitationLink,
    jobseekerDashboard: '/jobseeker-dashboard',
    referrerDashboard: '/referrer-dashboard',
    referrals: '/referrer-dashboard/referrals',
    referral: `/referrer-dashboard/referrals/${String(referral.id)}`,
    referralRequests: '/referral-requests',
    searchJobs: '/search-jobs',
    searchCandidates: '/search-candidates',
    companyProfile: '/company-profile',
    companyDashboard: '/company-dashboard',
    team: '/company-dashboard/team',
    auditLog: '/company-dashboard/audit-log',
    analytics: '/company-dashboard/analytics',
    billing: '/company-dashboard/billing',
    integrations: '/company-dashboard/integrations',
    jobSources: '/company-dashboard/job-sources',
    platformJobSources: '/admin/job-sources',
    chat: '/company-dashboard/slack-teams',
    selfId: '/company-dashboard/self-identification',
    screening: '/company-dashboard/screening',
    privacy: '/company-dashboard/privacy',
    security: '/company-dashboard/security',
    portalSettings: '/company-dashboard/portal',
    referralCredit: '/referral-credit',
    jobsBoard: '/jobs-board',
    postJob: '/post-job',
    editJob: `/job/${jobId}/edit`,
    talentProfile: '/talent-profile',
    viewTalentProfile: '/view-talent-profile',
    viewTalentProfileOf: `/view-talent-profile/${seeker.user.id}`,
    messages: '/messages',
    conversation: `/messages/${conversation.conversation.id}`,
    notifications: '/notifications',
    settings: '/settings',
    companyReferrers: `/company/${slug}/referrers`,
    claimCompany: `/company/${slug}/claim`,
    confirmCompanyClaim: '/claim-company?token=no-such-token',
    referrerProfile: `/referrer-profile/${referrer.user.id}?jobId=${jobId}`,
    requestReferral: `/request-referral?${request.toString()}`,
    connections: '/connections',
    companyPortal: '/company-portal',
    studioDashboard: '/studio-dashboard',
    studioPortal: '/studio-portal',
    talentBySlug: `/talent/${seeker.user.id}`,
    project: `/project/${jobId}`,
    editProject: `/edit-project/${jobId}`,
    scout: `/scout/${seeker.user.id}`,
    createKudos: '/create-kudos',
  };
  return { pages, routes };
}

/** Opens a page and waits until it shows what it loaded (hydrated, nothing busy, no skeletons). */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
}

test('the check itself finds what it looks for: violations planted in a page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    document
      .querySelector('main')!
      .insertAdjacentHTML(
        'afterbegin',
        '<img src="/favicon.svg"><button></button><p style="color:#eee;background:#fff">Faint words</p>',
      );
  });
  expect(await axeViolations(page)).toEqual([
    'button-name (critical): #main > button',
    'color-contrast (serious): #main > p',
    'image-alt (critical): #main > img',
  ]);
});

let world: World | undefined;
const ROLES = ['visitor', 'jobseeker', 'referrer', 'companyAdmin'] as const;

test.describe('accessibility (axe-core)', () => {
  // axe on a large page takes seconds on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    world ??= await makeWorld(browser, baseURL);
  });

  for (const role of ROLES) {
    for (const name of (Object.keys(VISITED_AS) as AppRouteName[]).filter((n) => VISITED_AS[n].includes(role))) {
      test(`${name} as ${role === 'visitor' ? 'a visitor' : `a ${role}`}: no serious or critical violation`, async () => {
        const page = world!.pages[role];
        const path = world!.routes[name];
        await test.step('load', () => settle(page, path));
        const violations = await test.step('axe', () => axeViolations(page));
        expect(violations, `${path} (now ${page.url()})`).toEqual([]);
        // On a phone the page scrolls down only: what is wider (a table) scrolls inside its own box.
        const wider = await test.step('375 px', async () => {
          const original = page.viewportSize();
          await page.setViewportSize({ width: 375, height: 740 });
          try {
            await page.waitForTimeout(100);
            return await widerThanTheScreen(page);
          } finally {
            if (original) await page.setViewportSize(original);
          }
        });
        expect(wider, `${path} at 375 px`).toEqual([]);
      });
    }
  }
});
