import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_MESSAGES, TALENT_MESSAGES, type ResumeUploadResponse, type SessionResponse } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { KudosRequestCard } from './kudos-parts';
import { parsedToForm } from './profile-form-values';
import { SearchCandidatesPage } from './search-candidates-page';

afterEach(() => vi.unstubAllGlobals());

const seekerSession: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000003',
    name: 'Jordan Seeker',
    email: 'jordan@example.com',
    type: 'jobseeker',
    avatarUrl: null,
    referralCode: 'TALENTAB12CD',
  },
  company: null,
  prelaunch: false,
};

describe('parsedToForm', () => {
  const parsed: ResumeUploadResponse = {
    kind: 'pdf',
    resume: { originalName: 'cv.pdf', kind: 'pdf', sizeBytes: 10, uploadedAt: '2026-01-01T00:00:00.000Z' },
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+1 555 123 4567',
    location: null,
    linkedin: 'https://www.linkedin.com/in/jane',
    portfolio: null,
    titles: ['Senior Engineer'],
    yearsOfExperience: 9,
    skills: ['typescript', 'FHIR'],
    softwareTools: ['Jira'],
    industries: [],
    summary: 'Builds things.',
    work: [],
    education: [],
  };

  it('fills found values, keeps typed ones where nothing was found and merges lists without case duplicates', () => {
    const next = parsedToForm(
      { name: 'Old Name', location: 'Boston, MA', skills: ['TypeScript'], titles: [], yearsOfExperience: 4 },
      parsed,
    );
    expect(next).toMatchObject({
      name: 'Jane Doe',
      phone: '+1 555 123 4567',
      location: 'Boston, MA',
      bio: 'Builds things.',
      titles: ['Senior Engineer'],
      skills: ['TypeScript', 'FHIR'],
      softwareTools: ['Jira'],
      yearsOfExperience: 9,
    });
  });
});

describe('Request Kudos card', () => {
  it('requires a valid recommender email before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <KudosRequestCard /> }], { path: '/', session: seekerSession });
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(TALENT_MESSAGES.recommenderEmailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Recommender email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(TALENT_MESSAGES.recommenderEmailInvalid)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('kudos'))).toHaveLength(0);
  });
});

describe('Find Candidates from "Who you know" → Refer', () => {
  const referrerSession: SessionResponse = {
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Riley Referrer',
      email: 'riley@example.com',
      type: 'referrer',
      avatarUrl: null,
      referralCode: null,
    },
    company: { id: '00000000-0000-4000-8000-000000000002', name: 'Northwind', slug: 'northwind', role: 'member' },
    prelaunch: false,
  };
  const JOB_ID = '00000000-0000-4000-8000-000000000010';

  it('says who is being referred, searches for them by name and ranks for the role', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/jobs') ? jsonResponse(200, { items: [], total: 0 }) : jsonResponse(503, {}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const search = new URLSearchParams({
      refer: 'someone',
      jobId: JOB_ID,
      q: 'Jordan Alvarez',
      name: 'Jordan Alvarez',
      email: 'jordan@example.com',
      linkedinUrl: 'https://www.linkedin.com/in/jordan-alvarez',
    });
    renderRoutes([{ path: '/search-candidates', element: <SearchCandidatesPage /> }], {
      path: `/search-candidates?${search.toString()}`,
      session: referrerSession,
    });
    expect(await screen.findByRole('heading', { name: 'Referring Jordan Alvarez' })).toBeInTheDocument();
    expect(screen.getByText(/jordan@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /LinkedIn profile/ })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/jordan-alvarez',
    );
    expect(screen.getByRole('searchbox', { name: 'Search candidates' })).toHaveValue('Jordan Alvarez');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(`/api/talent/search?q=Jordan+Alvarez&jobId=${JOB_ID}`),
    );
    // Not on Referwell: referring them by their details starts from what the export gave.
    await userEvent.setup().click(screen.getByRole('button', { name: REFERRAL_MESSAGES.referSomeone }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Jordan Alvarez');
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('jordan@example.com');
    expect(within(dialog).getByLabelText('LinkedIn profile (optional)')).toHaveValue(
      'https://www.linkedin.com/in/jordan-alvarez',
    );
  });
});
