import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { PostJobPage } from './post-job-page';

const adminSession: SessionResponse = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Avery Admin',
    email: 'avery@example.com',
    type: 'referrer',
    avatarUrl: null,
    referralCode: null,
  },
  company: { id: '00000000-0000-4000-8000-000000000002', name: 'Northwind', slug: 'northwind', role: 'companyAdmin' },
  prelaunch: false,
};

afterEach(() => vi.unstubAllGlobals());

// The import endpoint's answer is stubbed here (its contract: { success, data, error }); the
// browser suite covers the real server's failure path.
describe('Post a New Job: a successful import', () => {
  it('prefills the manual form from the imported fields and switches to Manual Entry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, {
          success: true,
          data: {
            title: 'Imported Product Designer',
            company: 'Imported Health',
            location: 'Hybrid - Denver, CO',
            job_type: 'Contract',
            description: 'Design clinician workflows.',
            responsibilities: 'Run research\nShip designs',
            requirements: 'A portfolio.',
            salary_range: '$90/hour',
            application_url: 'https://boards.greenhouse.io/example/jobs/123456',
            contact_email: 'design@example.com',
            deadline: '2030-01-31',
            skills: ['Figma', 'Figma', 'Research'],
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/post-job', element: <PostJobPage /> }], { path: '/post-job', session: adminSession });
    await user.click(screen.getByRole('tab', { name: 'Import from URL' }));
    await user.click(screen.getByRole('button', { name: 'Try example URL' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('tab', { name: 'Manual Entry', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Job Title')).toHaveValue('Imported Product Designer');
    expect(screen.getByLabelText('Company')).toHaveValue('Imported Health');
    expect(screen.getByRole('combobox', { name: 'Employment Type' })).toHaveTextContent('Contract');
    expect(screen.getByLabelText(/^Application Deadline/)).toHaveValue('2030-01-31');
    const skills = within(screen.getByRole('list', { name: 'Added skills' }));
    expect(skills.getAllByRole('button', { name: 'Remove Figma' })).toHaveLength(1);
    expect(skills.getAllByRole('button', { name: 'Remove Research' })).toHaveLength(1);
  });
});
