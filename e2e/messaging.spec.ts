import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, postJobViaApi, signUpCompanyAdmin, signUpViaApi } from './fixtures';

const postJob = (target: Page) =>
  postJobViaApi(target, 'Messaging Clinic', {
    title: `Care Coordination Engineer ${Date.now().toString(36)}`,
    description: 'Help nurses coordinate care across hospitals.',
    requirements: 'TypeScript and a love of healthcare.',
    skills: [],
  });

async function startConversation(request: APIRequestContext, recipientId: string, message: string) {
  const response = await request.post('/api/conversations', { data: { recipientId, message } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { conversation: { id: string } }).conversation.id;
}

test.describe('messaging', () => {
  test('a job seeker messages the poster from the job page; both see the conversation live', async ({
    page: seekerPage,
    browser,
  }) => {
    const posterContext = await browser.newContext();
    const posterPage = await posterContext.newPage();
    const poster = await signUpCompanyAdmin(posterPage);
    const job = await postJob(posterPage);
    const seeker = await signUpViaApi(seekerPage, { name: 'Morgan Seeker', role: 'jobseeker' });

    // B waits on the messages screen.
    await posterPage.goto('/messages');
    await expect(posterPage.getByText('Select a conversation to start messaging')).toBeVisible();
    await expect(posterPage.getByText('No conversations found')).toBeVisible();
    const posterHeader = posterPage.getByRole('banner');
    await expect(posterHeader.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

    // A starts a conversation from the job page.
    await seekerPage.goto(`/job/${job.id}`);
    await seekerPage.getByRole('button', { name: `Message ${poster.user.name}` }).click();
    const dialog = seekerPage.getByRole('dialog', { name: 'New Message' });
    await expect(dialog.getByText(poster.user.name)).toBeVisible();
    await expect(dialog.getByLabel('Subject (optional)')).toHaveValue(job.title);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Please enter a message')).toBeVisible();
    await dialog.getByLabel('Message').fill('Hello! Could we talk about this role?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog).toBeHidden();
    await expect(seekerPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const seekerChat = seekerPage.getByRole('region', { name: 'Conversation', exact: true });
    await expect(seekerChat.getByRole('heading', { name: poster.user.name })).toBeVisible();
    await expect(seekerChat.getByText('Hello! Could we talk about this role?')).toBeVisible();
    await expect(seekerChat.getByText('Today')).toBeVisible();

    // B sees it arrive without reloading: the list, its unread badge and the header badge.
    const posterList = posterPage.getByRole('region', { name: 'Conversation list' });
    await expect(posterList.getByRole('link', { name: /Morgan Seeker/ })).toBeVisible();
    await expect(posterList.getByLabel('1 unread')).toBeVisible();
    await expect(posterHeader.getByRole('link', { name: 'Messages (1 unread)' })).toBeVisible();

    // B opens it: read, badges cleared.
    await posterList.getByRole('link', { name: /Morgan Seeker/ }).click();
    const posterChat = posterPage.getByRole('region', { name: 'Conversation', exact: true });
    await expect(posterChat.getByText('Hello! Could we talk about this role?')).toBeVisible();
    await expect(posterChat.getByText(job.title)).toBeVisible();
    await expect(posterHeader.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(posterList.getByLabel('1 unread')).toBeHidden();

    // B replies: Shift+Enter is a new line, Enter sends; blank text is not sent.
    const box = posterChat.getByRole('textbox', { name: 'Message' });
    await box.fill('   ');
    await expect(posterChat.getByRole('button', { name: 'Send' })).toBeDisabled();
    await box.fill('Of course, thanks for reaching out.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Are you free on Thursday?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(
      posterChat.getByText(/Of course, thanks for reaching out\.\s+Are you free on Thursday\?/),
    ).toBeVisible();

    // A sees the reply live, already read because the conversation is open.
    await expect(seekerChat.getByText(/Are you free on Thursday\?/)).toBeVisible();
    await expect(seekerPage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    // B sees the read receipt once A has seen it.
    await expect(posterChat.getByText(/· Read/)).toBeVisible();

    // Search filters the list.
    await posterPage.getByRole('searchbox', { name: 'Search conversations...' }).fill('Thursday');
    await expect(posterList.getByRole('link', { name: /Morgan Seeker/ })).toBeVisible();
    await posterPage.getByRole('searchbox', { name: 'Search conversations...' }).fill('no such words here');
    await expect(posterList.getByText('No conversations found')).toBeVisible();

    expect(seeker.user.id).toBeTruthy();
    await posterContext.close();
  });

  test('the New Message dialog searches contacts and requires a recipient', async ({ page }) => {
    await signUpCompanyAdmin(page);
    await page.goto('/messages');
    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    await dialog.getByLabel('To').fill('zzz-nobody-by-this-name');
    await expect(dialog.getByText('No contacts found')).toBeVisible();
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialog.getByText('Please choose a recipient')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('notifications', () => {
  test('a message notification opens its conversation; mark all as read', async ({ page, browser }) => {
    const senderContext = await browser.newContext();
    const senderPage = await senderContext.newPage();
    await signUpCompanyAdmin(senderPage, `Notify Clinic ${Date.now().toString(36)}`);
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signUpCompanyAdmin(otherPage, `Second Clinic ${Date.now().toString(36)}`);
    const seeker = await signUpViaApi(page, { name: 'Nico Notified', role: 'jobseeker' });

    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('main').getByText('No notifications yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeHidden();

    const first = await startConversation(senderPage.request, seeker.user.id, 'First hello');
    await startConversation(otherPage.request, seeker.user.id, 'Second hello');

    // They arrive live, newest first, with the relative time.
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('just now').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications (2 unread)' })).toBeVisible();

    // The bell lists them too, with a link to all.
    await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();
    await expect(page.getByRole('link', { name: 'View all notifications' })).toBeVisible();
    await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();

    // Clicking the older one (the first conversation) marks it read and opens the conversation.
    await list.getByRole('button').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${first}$`));
    await expect(
      page.getByRole('region', { name: 'Conversation', exact: true }).getByText('First hello'),
    ).toBeVisible();

    await page.goto('/notifications');
    await expect(page.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByText('(unread)')).toHaveCount(0);

    await senderContext.close();
    await otherContext.close();
  });
});
