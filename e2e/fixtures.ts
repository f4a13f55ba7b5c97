import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

export { expect };

/**
 * Prerendered pages show their markup before React takes over; a click in that window would be
 * lost. The app marks <html data-hydrated> once it is interactive: this waits for it, as a person
 * would wait for the page to respond.
 */
export const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

/** Every navigation made through the test's own `page.goto` waits for the page to be `hydrated`. */
export const test = base.extend<{ closePeoplesPages: void }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
  /**
   * Playwright closes the context of its own `page` after each test, but not one a test opened on the worker's
   * browser: the pages of `newPage` stayed open, each a running app with its realtime socket, for the rest of the
   * worker's tests. A test's own are closed when it ends; those opened in a beforeAll (shared by the tests of a file)
   * exist before any test starts and are kept.
   */
  closePeoplesPages: [
    // Playwright reads a fixture's dependencies from this pattern: it needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const before = new Set(openedContexts);
      await use();
      const opened = [...openedContexts].filter((context) => !before.has(context));
      opened.forEach((context) => openedContexts.delete(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});

/** Contexts opened by `newPage` and not yet closed by the test that opened them. */
const openedContexts = new Set<BrowserContext>();

/** A password every test user gets unless a test says otherwise. */
export const PASSWORD = 'correct-horse-battery';

export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** A company name no other test uses, so its public slug is unique too. */
export const uniqueCompanyName = (label = 'Clinic') =>
  `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export interface SignupData {
  name: string;
  email?: string;
  password?: string;
  role: 'jobseeker' | 'referrer' | 'companyHR';
  companyType?: 'create' | 'join';
  companyName?: string;
  inviteCode?: string;
}

export interface SignedUpUser {
  email: string;
  password: string;
  user: { id: string; name: string; email: string; type: 'jobseeker' | 'referrer'; referralCode: string | null };
  company: { id: string; name: string; slug: string; role: 'companyAdmin' | 'member' } | null;
}

/**
 * Creates an account through the API as a person does: the sign-up, then the link it mails followed with the same
 * password. With a page, its browser context keeps the session cookie, so the page is logged in; with an
 * APIRequestContext (the `request` fixture) the page stays a visitor.
 */
export async function signUpViaApi(target: Page | APIRequestContext, data: SignupData): Promise<SignedUpUser> {
  const request = 'request' in target ? target.request : target;
  const email = data.email ?? uniqueEmail(data.role);
  const password = data.password ?? PASSWORD;
  const asked = await request.post('/api/auth/signup', { data: { ...data, email, password } });
  expect(asked.status(), await asked.text()).toBe(202);
  // The server keeps addresses in lower case, and names its outbox files by them.
  const link = await linkInMailTo(email.toLowerCase(), '/confirm-signup');
  const token = new URL(link, 'http://link').searchParams.get('token');
  const response = await request.post('/api/auth/signup/confirm', { data: { token, password } });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as Omit<SignedUpUser, 'email' | 'password'>;
  // A company member is asked for their title, team and start date on their first visit; tests that are not about
  // that answer "Not now" up front (auth.spec.ts goes through the dialog as a person does).
  if (body.company) {
    const skipped = await request.post('/api/referrers/me/details/skip');
    expect(skipped.ok(), await skipped.text()).toBe(true);
  }
  return { email, password, user: body.user, company: body.company };
}

/** A company admin (companyHR who created a company), logged in on `target` when it is a page. */
export async function signUpCompanyAdmin(target: Page | APIRequestContext, companyName = uniqueCompanyName()) {
  const admin = await signUpViaApi(target, {
    name: 'Casey Admin',
    role: 'companyHR',
    companyType: 'create',
    companyName,
  });
  if (!admin.company) throw new Error('The new company admin has no company');
  return { ...admin, company: admin.company };
}

export interface PostedJob {
  id: string;
  title: string;
  companyName: string;
}

/** An open job posted through the API by a signed-in company member of `target`; `fields` override the defaults. */
export async function postJobViaApi(
  target: Page | APIRequestContext,
  companyName: string,
  fields: Record<string, unknown> = {},
): Promise<PostedJob> {
  const request = 'request' in target ? target.request : target;
  const response = await request.post('/api/jobs', {
    data: {
      title: `Interface Analyst ${Date.now().toString(36)}`,
      company: companyName,
      location: 'Remote (US)',
      employmentType: 'full-time',
      description: 'Keep HL7 feeds flowing between hospitals.',
      requirements: 'HL7 and FHIR.',
      skills: ['HL7', 'FHIR'],
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as PostedJob;
}

/** The company's current invite code, read as its admin. */
export async function inviteCodeOf(request: APIRequestContext, companyId: string): Promise<string> {
  const response = await request.get(`/api/companies/${companyId}/team`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { inviteCode: string }).inviteCode;
}

export async function logInViaUi(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** What a test waits for in a mail: its subject, and/or a link whose path starts with `link` (e.g. '/reset-password'). */
export interface WantedMail {
  subject?: string;
  link?: string;
}

/**
 * The newest e-mail to `email`, once it is the one wanted: mail goes out through the queue a moment after the action
 * that causes it, so an earlier mail (the sign-up's link) can still be the newest when a test looks. Without
 * SMTP_URL the server writes mail to DATA_DIR/outbox, one file per message named `{time}-{random}-{to}.txt`
 * (playwright.config.ts sets E2E_DATA_DIR).
 */
export async function lastMailTo(email: string, wanted: WantedMail = {}): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const described = [wanted.subject && `"${wanted.subject}"`, wanted.link && `with a ${wanted.link} link`];
  let mail = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.txt`));
        const newest = files.sort().at(-1);
        if (!newest) return false;
        mail = await readFile(path.join(outbox, newest), 'utf8');
        return isWanted(mail, wanted);
      },
      { message: `an e-mail ${described.filter(Boolean).join(' ')} to ${email}`, timeout: 30_000 },
    )
    .toBe(true);
  return mail;
}

function isWanted(mail: string, { subject, link }: WantedMail): boolean {
  if (subject !== undefined && !mail.includes(`Subject: ${subject}`)) return false;
  return link === undefined || linksIn(mail).some((url) => url.pathname.startsWith(link));
}

function linksIn(mail: string): URL[] {
  return (mail.match(/https?:\/\/\S+/g) ?? []).map((candidate) => new URL(candidate));
}

/** The first link in an e-mail whose path starts with `pathPrefix`, e.g. '/reset-password', as a path to visit. */
export function linkIn(mail: string, pathPrefix: string): string {
  const url = linksIn(mail).find((candidate) => candidate.pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`No ${pathPrefix} link in:\n${mail}`);
  return `${url.pathname}${url.search}`;
}

/**
 * After the sign-up form was sent: "check your e-mail", then the link mailed to `email` opened in the same tab and
 * the password given again, which creates the account and signs in.
 */
export async function finishSignupViaUi(page: Page, email: string, password = PASSWORD): Promise<void> {
  await expect(page.getByText('We sent you a link', { exact: true })).toBeVisible();
  await page.goto(await linkInMailTo(email.toLowerCase(), '/confirm-signup'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The `pathPrefix` link of the newest e-mail to `email` that has one. */
export async function linkInMailTo(email: string, pathPrefix: string): Promise<string> {
  return linkIn(await lastMailTo(email, { link: pathPrefix }), pathPrefix);
}

/**
 * The built file (under /assets) of the web app's module `source` (a path ending, e.g. 'features/auth/login-form.tsx'),
 * from the web build's manifest: what a test holds back or fails to see the app without that code.
 */
export function builtChunk(source: string): string {
  const manifestFile = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist', '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const chunk = Object.entries(manifest).find(([file]) => file.endsWith(source));
  if (!chunk) throw new Error(`${source} is not a module of the web build (${manifestFile})`);
  return chunk[1].file;
}

/**
 * axe-core's violations on the page as it stands, one line each, of the impacts given (serious and critical unless
 * told). Every rule runs; `resultTypes` only spares axe from collecting every node that passed or was inapplicable
 * (violations are always listed in full): a quarter of its time per page (measured). Legacy mode runs `axe.run` in
 * the page itself instead of gathering each frame's partial results in a blank page it opens for every check: the
 * app has no frames (its CSP's default-src is 'self', and no page embeds one), and a check took half the time
 * (2.25 → 1.16 s a page, the visitor pages of accessibility.spec.ts).
 *
 * The page is checked at rest: animations and transitions under way finish first (endless ones, a spinner's, are left
 * running). A toast sliding in is part transparent, and axe measured its title's contrast against the page behind it.
 */
export async function axeViolations(
  page: Page,
  {
    impacts = ['serious', 'critical'],
    exclude = [],
  }: { impacts?: readonly string[]; exclude?: readonly string[] } = {},
): Promise<string[]> {
  await page.evaluate(async () => {
    // Two frames first: a transition that an element's first render sets off (a toast's data-mounted) starts in them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const builder = exclude.reduce((axe, selector) => axe.exclude(selector), new AxeBuilder({ page }).setLegacyMode());
  const results = await builder.options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Elements reaching past the right edge outside any scrolling box (what makes a page scroll sideways). */
export function widerThanTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (element: Element) => {
      for (let e = element.parentElement; e && e !== document.body; e = e.parentElement)
        if (getComputedStyle(e).overflowX !== 'visible') return true;
      return false;
    };
    return Array.from(document.body.querySelectorAll('*'))
      .filter((e) => e.getBoundingClientRect().right > width + 1 && !clipped(e))
      .slice(0, 8)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}[${e.getAttribute('data-slot') ?? e.className}] ${Math.round(e.getBoundingClientRect().right)}px`,
      );
  });
}

/**
 * With E2E_SCREENSHOTS=1, full-page captures at 1280 and 375 px for looking at a screen as a person
 * would; they land in e2e/.tmp/screens/{spec}-{name}-{width}.png.
 */
export async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const dir = path.join(import.meta.dirname, '.tmp', 'screens');
  mkdirSync(dir, { recursive: true });
  const spec = path.basename(test.info().file).replace(/\.spec\.ts$/, '');
  const original = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${spec}-${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * A page in a browser context of its own: one person, their own cookies. Its `goto` does not wait for the app (it
 * also opens other origins): before filling in a form after `goto`, wait until the page is `hydrated`.
 */
export async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  openedContexts.add(context);
  context.once('close', () => openedContexts.delete(context));
  return context.newPage();
}

/** Enterprise capabilities (exports, single sign-on): the admin starts the trial on the provider's hosted checkout. */
export async function startEnterpriseTrial(page: Page) {
  await page.goto('/company-dashboard/billing');
  await page.getByRole('button', { name: 'Start 14-day trial of Enterprise License' }).click();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByText('Your subscription is confirmed')).toBeVisible({ timeout: 20_000 });
}
