import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpCompanyAdmin, signUpViaApi, test, uniqueEmail, linkInMailTo } from './fixtures';

const RESUME = path.resolve(
  import.meta.dirname,
  '../apps/server/src/features/talent/resume/fixtures/r01-pdf-engineer.pdf',
);
/** Two columns: a shaded sidebar holding the (letter-spaced) name and the contact details, the main column beside it. */
const SIDEBAR_RESUME = path.resolve(
  import.meta.dirname,
  '../apps/server/src/features/talent/resume/fixtures/t01-pdf-sidebar-spaced-name.pdf',
);
const screens = path.join(import.meta.dirname, '.tmp', 'screens');

/** Full-page screenshots at 1280 and 375 px of the current screen, for looking at it. */
async function screenshots(page: Page, name: string) {
  mkdirSync(screens, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
    await page.screenshot({ path: path.join(screens, `talent-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Ticks a filter option, opening the group's full list first when the option is not among the first shown. */
async function check(page: Page, group: string, option: string) {
  const fieldset = page.getByRole('group', { name: group, exact: true });
  const showAll = fieldset.getByRole('button', { name: /Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  const box = fieldset.getByLabel(option, { exact: true });
  // The filters live in the URL: the box shows checked once the navigation has been applied.
  await box.click();
  await expect(box).toBeChecked();
}

async function talentWithProfile(request: APIRequestContext, name: string, profile: Record<string, unknown>) {
  const seeker = await signUpViaApi(request, { name, role: 'jobseeker' });
  const response = await request.put('/api/talent/profile', { data: { name, ...profile } });
  expect(response.status(), await response.text()).toBe(200);
  return { ...seeker, slug: ((await response.json()) as { slug: string }).slug };
}

test('a job seeker uploads a PDF resume, reviews the filled form, saves and sees the public profile', async ({
  page,
}) => {
  await signUpViaApi(page, { name: 'Pat Uploader', role: 'jobseeker' });
  await page.goto('/talent-profile');
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  // A new profile claims no experience until the person states it.
  await expect(page.getByLabel('Years of Experience')).toHaveValue('');

  await page.getByLabel('Resume').setInputFiles(RESUME);
  await expect(page.getByText('Resume Parsed Successfully')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Review it and press Save Changes to keep it.')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Jane Doe');
  // Leaving before Save Changes would drop the parsed fields: the app asks first.
  await page.getByRole('link', { name: 'View Public Profile' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByLabel('Full Name')).toHaveValue('Jane Doe');
  await expect(page.getByLabel('Phone')).toHaveValue(/555/);
  await expect(page.getByLabel('Location')).toHaveValue('Boston, MA');
  await expect(page.getByRole('list', { name: 'Added skills' }).getByText('TypeScript')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Added titles' }).getByText('Senior Software Engineer')).toBeVisible();

  // The kept file downloads as it was uploaded, under its own name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'r01-pdf-engineer.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('r01-pdf-engineer.pdf');
  expect(readFileSync(await download.path()).equals(readFileSync(RESUME))).toBe(true);

  await page.getByLabel('What is your superpower?').fill('Untangling HL7 feeds');
  await page.getByLabel('Areas of Interest').fill('Interoperability');
  await page.getByLabel('Areas of Interest').press('Enter');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await screenshots(page, 'edit-profile');

  await page.getByRole('link', { name: 'View Public Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Jane Doe', level: 1 })).toBeVisible();
  await expect(page.getByText('Untangling HL7 feeds')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Areas of Interest' })).toBeVisible();
  await expect(page.getByText('Interoperability', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
});

test('a two-column PDF resume with the name in its sidebar fills the name and location', async ({ page }) => {
  await signUpViaApi(page, { name: 'Sidebar Uploader', role: 'jobseeker' });
  await page.goto('/talent-profile');
  await page.getByLabel('Resume').setInputFiles(SIDEBAR_RESUME);
  await expect(page.getByText('Resume Parsed Successfully')).toBeVisible({ timeout: 20_000 });
  // The name is set letter-spaced at the top of the sidebar; the main column starts level with it.
  await expect(page.getByLabel('Full Name')).toHaveValue("Niamh O'Connell");
  await expect(page.getByLabel('Location')).toHaveValue('Cork, Ireland');
  await expect(page.getByLabel('Phone')).toHaveValue('+353 86 555 0192');
});

test('LinkedIn import explains what it needs', async ({ page }) => {
  await signUpViaApi(page, { name: 'Lee Linked', role: 'jobseeker' });
  await page.goto('/talent-profile');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('LinkedIn URL Required')).toBeVisible();
  await page.getByLabel('LinkedIn Profile').fill('https://www.linkedin.com/in/lee');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('LinkedIn Integration')).toBeVisible();
});

test('a company admin searches candidates with filter chips, clears them and endorses a talent', async ({
  page,
  request,
}) => {
  const tag = `Qx${Date.now().toString(36)}`;
  const ana = await talentWithProfile(request, `Ana ${tag}`, {
    titles: [`${tag} Nurse Informaticist`],
    location: 'Boston, MA',
    skills: ['Epic'],
    industries: ['EHR'],
  });
  await talentWithProfile(request, `Ben ${tag}`, {
    titles: [`${tag} Backend Engineer`],
    location: 'Remote',
    skills: ['Python'],
    industries: ['Telehealth'],
  });
  const admin = await signUpCompanyAdmin(page);

  await page.goto('/search-candidates');
  await expect(page.getByRole('heading', { name: 'Find Candidates' })).toBeVisible();
  await page.getByLabel('Search candidates').fill(tag.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('region', { name: 'Available Talent' });
  await expect(results.getByRole('heading', { name: `Ana ${tag}` })).toBeVisible();
  await expect(results.getByRole('heading', { name: `Ben ${tag}` })).toBeVisible();
  await expect(page.getByLabel('2 results')).toBeVisible();
  // Neither stated their years of experience: the cards claim none.
  await expect(results.getByText(/experience/)).toHaveCount(0);

  await check(page, 'Skills', 'Python');
  await expect(page.getByRole('button', { name: 'Remove Python' })).toBeVisible();
  await expect(results.getByRole('heading', { name: `Ana ${tag}` })).toBeHidden();
  await expect(results.getByRole('heading', { name: `Ben ${tag}` })).toBeVisible();
  await check(page, 'Industries', 'EHR');
  await expect(page.getByText('No candidates match these filters.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Python' }).click();
  await expect(results.getByRole('heading', { name: `Ana ${tag}` })).toBeVisible();
  await expect(results.getByRole('heading', { name: `Ben ${tag}` })).toBeHidden();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page.getByRole('button', { name: 'Remove EHR' })).toBeHidden();
  await expect(results.getByRole('heading', { name: `Ben ${tag}` })).toBeVisible();
  await screenshots(page, 'search-candidates');

  await results.getByRole('link', { name: `Ana ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/view-talent-profile/${ana.slug}$`));
  await expect(page.getByRole('heading', { name: `Ana ${tag}`, level: 1 })).toBeVisible();
  await expect(page.getByText(/of experience/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Endorse' }).click();
  await expect(page.getByText('Endorsement Added')).toBeVisible();
  await expect(page.getByText(`Endorsed by ${admin.company.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Endorsed' })).toBeDisabled();
  await page.reload();
  await expect(page.getByText(`Endorsed by ${admin.company.name}`)).toBeVisible();
  await screenshots(page, 'view-profile');
});

test('preselected job skills from router state filter the candidates', async ({ page }) => {
  await signUpCompanyAdmin(page);
  await page.goto('/company-profile');
  await page.evaluate(() => {
    window.history.pushState(
      { usr: { preselectedSkills: ['FHIR', 'HL7', 'SQL'] }, key: 'x', idx: 1 },
      '',
      '/search-candidates',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByText('Filters Applied')).toBeVisible();
  await expect(page.getByText('Showing candidates matching 3 job skills')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove FHIR' })).toBeVisible();
});

test('a job seeker asks for kudos; the recommender writes them from the e-mailed link', async ({ page, browser }) => {
  await signUpViaApi(page, { name: 'Kim Kudos', role: 'jobseeker' });
  await page.goto('/jobseeker-dashboard');
  const recommender = uniqueEmail('boss');
  await page.getByLabel('Recommender email').fill(recommender);
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Request Sent')).toBeVisible();
  await expect(page.getByText('Your kudos request has been sent successfully.')).toBeVisible();

  const link = await linkInMailTo(recommender, '/kudos/');
  const visitor = await browser.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Kudos for Kim Kudos' })).toBeVisible();
  await visitor.getByLabel('Your name').fill('Robin Manager');
  await visitor.getByLabel('Your title').fill('Director of Nursing');
  await visitor.getByRole('radio', { name: '5 stars' }).click();
  await visitor.getByLabel('Your kudos').fill('Kim made our Epic go-live calm.');
  await visitor.getByRole('button', { name: 'Send Kudos' }).click();
  await expect(visitor.getByRole('heading', { name: 'Kudos Sent' })).toBeVisible();
  await visitor.close();

  await page.reload();
  await expect(page.getByText('Kim made our Epic go-live calm.')).toBeVisible();
});
