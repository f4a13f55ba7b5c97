import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_MESSAGES, type Job } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { JobDetailPage } from './job-detail-page';

const job: Job = {
  id: '00000000-0000-4000-8000-000000000010',
  title: 'Listed Phlebotomist',
  companyName: 'Listed Clinic',
  companyId: '00000000-0000-4000-8000-000000000011',
  companySlug: 'listed-clinic',
  location: 'Portland, OR',
  workplace: 'onsite',
  employmentType: 'full-time',
  description: 'Draw blood kindly.',
  responsibilities: null,
  requirements: 'A phlebotomy certificate.',
  skills: [],
  salaryRange: null,
  pay: null,
  payTransparency: null,
  deadline: null,
  applicationUrl: null,
  notOnReferwell: true,
  applyAt: 'https://listed.example/jobs/phlebotomist',
  contactEmail: null,
  referralBonus: null,
  status: 'OPEN',
  createdAt: '2026-12-01T10:00:00.000Z',
  postedBy: null,
  applicationCount: 0,
  viewer: { canEdit: false, canApply: false, hasApplied: false },
  viewerStatus: {
    state: 'visitor',
    headline: null,
    detail: null,
    askFirst: false,
    rule: null,
    referral: null,
    requests: [],
    stage: null,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('A job of a company not on Referwell', () => {
  it('is labelled, and its one action opens the posting at its source in a new tab (no referrer to find)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path === `/api/jobs/${job.id}` ? jsonResponse(200, job) : jsonResponse(204))),
    );
    renderRoutes([{ path: '/job/:id', element: <JobDetailPage TeamPanels={() => null} ReferAction={() => null} /> }], {
      path: `/job/${job.id}`,
    });
    expect(await screen.findByText(JOB_MESSAGES.notOnReferwell)).toBeInTheDocument();
    const apply = screen.getByRole('link', { name: JOB_MESSAGES.applyAtSourceButton });
    expect(apply).toHaveAttribute('href', job.applyAt);
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Find A Referrer/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull();
  });
});
