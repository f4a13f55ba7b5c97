import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELF_ID_TEXTS, type Job } from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { ApplyDialog } from './apply-dialog';

const JOB_ID = '00000000-0000-4000-8000-000000000010';
/** The fields the dialog reads; the rest of a job does not matter here. */
const job = { id: JOB_ID, title: 'Night Nurse', companyName: 'Northwind', postedBy: null } as unknown as Job;

afterEach(() => vi.unstubAllGlobals());

describe('the self-identification step of Apply', () => {
  it('has one title: the dialog is named by it, and it is the only heading of its level', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/apply')
          ? jsonResponse(200, { applied: true })
          : jsonResponse(200, { offered: true, companyName: 'Northwind', forms: ['disability'], answered: false }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ApplyDialog job={job} open onOpenChange={() => undefined} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));

    const dialog = await screen.findByRole('dialog', { name: SELF_ID_TEXTS.stepTitle });
    expect(await within(dialog).findByRole('heading', { level: 3 })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('heading', { name: SELF_ID_TEXTS.stepTitle })).toHaveLength(1);
    expect(within(dialog).getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(within(dialog).getByText(SELF_ID_TEXTS.stepIntro('Northwind'))).toBeVisible();
  });
});
