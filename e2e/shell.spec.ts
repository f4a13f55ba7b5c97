import { builtChunk, expect, signUpViaApi, test } from './fixtures';

test.describe('app shell', () => {
  test('home shows the header navigation and the footer', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'How it Works' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Beta Program' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Resources' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Join Waitlist' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Referwell`);
  });

  test('a page whose code is gone (a new release since the tab opened) is loaded afresh once', async ({ page }) => {
    await page.goto('/');
    // The resources page's chunk fails the first time, as a chunk of the release before does once replaced.
    let failures = 0;
    await page.route(`**/${builtChunk('features/content/resources-page.tsx')}`, (route) =>
      failures++ === 0 ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
    );
    const reloaded = page.waitForEvent('load');
    await page.getByRole('banner').getByRole('link', { name: 'Resources' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  test('a page whose code cannot be loaded, again after its reload, says so', async ({ page }) => {
    await signUpViaApi(page, { name: 'Offline Olu', role: 'jobseeker' });
    await page.goto('/jobseeker-dashboard');
    await page.route(`**/${builtChunk('features/messaging/messages-page.tsx')}`, (route) => route.abort());
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(
      page.getByText('This page could not be loaded. Check your connection, then reload the page.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/messages$/);
    // Reloaded once, then told: not reloading on and on.
    expect(loads).toBe(1);
  });

  test('a server-rendered page whose code cannot be loaded stays as it was served', async ({ page }) => {
    await page.route(`**/${builtChunk('features/jobs/search-jobs-page.tsx')}`, (route) => route.abort());
    await page.mainFrame().goto('/search-jobs', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Job' })).toBeVisible();
    await expect(page.getByRole('article').first().getByRole('link')).toHaveAttribute('href', /^\/job\//);
  });

  test('a prerendered page whose code cannot be loaded stays as it was served', async ({ page }) => {
    await page.route(`**/${builtChunk('features/content/resources-page.tsx')}`, (route) => route.abort());
    await page.mainFrame().goto('/resources', { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Company Resources/ }).first()).toHaveAttribute(
      'href',
      '/resources/companies',
    );
  });

  test('the How it Works menu opens with the keyboard and leads to its pages', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'How it Works' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: /For Job Seekers/ })).toHaveAttribute('href', '/how-it-works');
    await expect(nav.getByRole('link', { name: /For Referrers/ })).toHaveAttribute('href', '/how-it-works-referrers');
    await expect(nav.getByRole('link', { name: /For Companies/ })).toHaveAttribute('href', '/how-it-works-companies');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: /For Job Seekers/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: /For Referrers/ })).toBeHidden();
  });

  const menus = [
    { name: 'How it Works', link: /For Referrers/, path: '/how-it-works-referrers' },
    { name: 'Beta Program', link: /For Healthcare Companies/, path: '/beta-program-companies' },
  ];
  for (const menu of menus) {
    test(`the ${menu.name} menu opens on hover and by click, and its link navigates`, async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      const trigger = nav.getByRole('button', { name: menu.name });
      await trigger.hover();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await page.mouse.move(5, 700);
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await trigger.click();
      const link = nav.getByRole('link', { name: menu.link });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${menu.path}$`));
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    });

    test(`the ${menu.name} menu works from the keyboard alone`, async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      const trigger = nav.getByRole('button', { name: menu.name });
      await trigger.focus();
      await page.keyboard.press('ArrowDown');
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      const items = nav.getByRole('link', { name: menu.link });
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      await expect(nav.locator(':focus')).toHaveCount(1);
      await items.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${menu.path}$`));
    });
  }

  test('an unknown path shows the 404 page and its link returns home', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect(logged.some((line) => line.includes('/this/does/not/exist'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Learn More' })).toBeVisible();
  });

  test('below 768 px the menu collapses behind a button and opens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'How it Works' })).toBeHidden();
    const toggle = header.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const mobileMenu = page.locator('#mobile-menu');
    await expect(mobileMenu.getByRole('link', { name: 'For Referrers' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await mobileMenu.getByRole('link', { name: 'Join Waitlist' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(mobileMenu).toBeHidden();
  });

  test('pages are served with a strict content security policy and no violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
