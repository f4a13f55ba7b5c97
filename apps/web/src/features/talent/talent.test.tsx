import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TALENT_MESSAGES, type ResumeUploadResponse, type SessionResponse } from '@referwell/shared';
import { renderRoutes } from '@/test/render';
import { KudosRequestCard } from './kudos-parts';
import { parsedToForm } from './profile-form-values';

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
