import { test, expect, lastMailTo, newPage, postJobViaApi, shoot, signUpCompanyAdmin, signUpViaApi } from './fixtures';

test('a job seeker saves a search with instant alerts; a matching new job arrives by e-mail and on the dashboard', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const word = `Zorblax${Date.now().toString(36)}`;
  const seeker = await signUpViaApi(page, { name: 'Avery Alert', role: 'jobseeker' });

  await page.goto(`/search-jobs?q=${word}`);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ jobs?\b/ })).toHaveText(/^0 jobs\b/);
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Name').fill(`${word} roles`);
  await dialog.getByLabel('Job alerts by e-mail').click();
  await page.getByRole('option', { name: 'Instantly' }).click();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search saved')).toBeVisible();

  // A company posts a matching job (and one that does not match).
  const adminPage = await newPage(browser, baseURL);
  const admin = await signUpCompanyAdmin(adminPage);
  const post = (title: string) =>
    postJobViaApi(adminPage, admin.company.name, {
      title,
      description: 'Build the interfaces clinicians rely on.',
      requirements: 'HL7 and FHIR.',
      skills: [],
      salary: '$150k - $180k',
    });
  await post(`Senior ${word} Integration Engineer (HL7/FHIR)`);
  await post('Billing Specialist');

  const mail = await lastMailTo(seeker.email, { subject: `1 new job for "${word} roles"` });
  expect(mail).toContain(`Senior ${word} Integration Engineer (HL7/FHIR)`);
  expect(mail).not.toContain('Billing Specialist');
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  await page.goto('/jobseeker-dashboard');
  const saved = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem').filter({ hasText: word });
  await expect(saved).toContainText('1 new');
  await shoot(page, 'saved-searches-dashboard');
  await saved.getByRole('link', { name: `${word} roles` }).click();
  await expect(page).toHaveURL(new RegExp(`/search-jobs\\?q=${word}`));
  await expect(page.getByRole('status').filter({ hasText: /^\d+ jobs?\b/ })).toHaveText(/^1 job\b/);
  await expect(page.getByRole('link', { name: `Senior ${word} Integration Engineer (HL7/FHIR)` })).toBeVisible();
  await shoot(page, 'search-jobs-saved');
});

test('job search finds punctuated and partial words, counts, sorts by salary and keeps filters in the URL', async ({
  page,
  request,
}) => {
  const word = `Quillon${Date.now().toString(36)}`;
  const admin = await signUpCompanyAdmin(request);
  for (const [title, salary] of [
    [`${word} C# Developer`, '$120k - $140k'],
    [`${word} Node.js Engineer`, '$160k - $190k'],
    [`${word} Informatics Lead`, ''],
  ] as const) {
    await postJobViaApi(request, admin.company.name, {
      title,
      description: 'Work with clinicians.',
      requirements: 'Experience.',
      skills: [],
      ...(salary ? { salary } : {}),
    });
  }
  await signUpViaApi(page, { name: 'Sky Searcher', role: 'jobseeker' });
  await page.goto('/search-jobs');
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill(`${word} informat`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ jobs?\b/ })).toHaveText(/^1 job\b/);
  await expect(page.getByRole('link', { name: `${word} Informatics Lead` })).toBeVisible();

  await page.goto(`/search-jobs?q=${word}`);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ jobs?\b/ })).toHaveText(/^3 jobs\b/);
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Highest salary' }).click();
  await expect(page).toHaveURL(/sort=salary/);
  const titles = page.getByRole('region', { name: 'Job results' }).getByRole('heading', { level: 2 });
  await expect(titles).toHaveText([`${word} Node.js Engineer`, `${word} C# Developer`, `${word} Informatics Lead`]);
  await page.getByLabel('Minimum salary').click();
  await page.getByRole('option', { name: '$150k+' }).click();
  await expect(page).toHaveURL(/minSalary=150000/);
  await expect(titles).toHaveText([`${word} Node.js Engineer`]);
  await shoot(page, 'search-jobs-filters');
});
