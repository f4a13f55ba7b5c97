import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTIONS_MESSAGES,
  type ConnectionsImport,
  type KeptConnections,
  type SessionResponse,
} from '@referwell/shared';
import { jsonResponse, renderRoutes } from '@/test/render';
import { fitLabel, referHref } from './connection-parts';
import { ConnectionsPage } from './connections-page';

const JOB_ID = '00000000-0000-4000-8000-000000000010';
const session: SessionResponse = {
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
const jordan = {
  firstName: 'Jordan',
  lastName: 'Alvarez',
  profileUrl: 'https://www.linkedin.com/in/jordan-alvarez',
  email: null,
  company: 'Mercy Regional Hospital',
  position: 'HL7 Integration Engineer',
  connectedOn: '2023-04-12',
};

afterEach(() => vi.unstubAllGlobals());

describe('connection helpers', () => {
  it('opens Find Candidates for the role, searched for the connection and filled in with them', () => {
    const href = new URL(referHref(jordan, JOB_ID), 'http://x');
    expect(href.pathname).toBe('/search-candidates');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      refer: 'someone',
      jobId: JOB_ID,
      q: 'Jordan Alvarez',
      name: 'Jordan Alvarez',
      linkedinUrl: 'https://www.linkedin.com/in/jordan-alvarez',
    });
    expect(
      new URL(referHref({ ...jordan, email: 'j@example.com' }, JOB_ID), 'http://x').searchParams.get('email'),
    ).toBe('j@example.com');
  });

  it('calls a fit strong from 80', () => {
    expect(fitLabel(95)).toBe('Strong fit');
    expect(fitLabel(60)).toBe('Good fit');
  });
});

describe('Who you know', () => {
  it('uploads the export, shows who fits which role with Refer, and keeps the chosen ones', async () => {
    let kept: KeptConnections = { items: [] };
    const imported: ConnectionsImport = {
      kind: 'role',
      read: 2000,
      skipped: 0,
      total: 1,
      suggestions: [
        {
          connection: jordan,
          role: { jobId: JOB_ID, title: 'Senior FHIR Engineer', fitScore: 95, shared: ['hl7', 'engineer'] },
          referrer: null,
        },
      ],
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/connections/import') return jsonResponse(200, imported);
      if (url === '/api/connections/kept' && init?.method === 'POST') {
        kept = {
          items: [
            {
              id: '00000000-0000-4000-8000-000000000099',
              kind: 'role',
              connection: jordan,
              role: { jobId: JOB_ID, title: 'Senior FHIR Engineer', status: 'OPEN', fitScore: 95 },
              referrer: null,
              createdAt: '2026-05-01T10:00:00.000Z',
            },
          ],
        };
        return jsonResponse(201, kept);
      }
      if (url === '/api/connections/kept') return jsonResponse(200, kept);
      if (url.startsWith('/api/connections/kept/') && init?.method === 'DELETE') {
        kept = { items: [] };
        return new Response(null, { status: 204 });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes([{ path: '/connections', element: <ConnectionsPage /> }], { path: '/connections', session });

    expect(await screen.findByText('You have not kept any connections yet.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Connections.csv'),
      new File(['First Name,Last Name\n'], 'Connections.csv', { type: 'text/csv' }),
    );
    const matches = await screen.findByRole('list', { name: 'Matches' });
    expect(screen.getByText(/2,000 connections read · 1 fits an open role/)).toBeInTheDocument();
    expect(within(matches).getByText('Senior FHIR Engineer')).toBeInTheDocument();
    expect(within(matches).getByText('Strong fit · 95%')).toBeInTheDocument();
    expect(
      within(matches).getByRole('link', { name: /Refer Jordan Alvarez for Senior FHIR Engineer/ }),
    ).toHaveAttribute('href', expect.stringContaining('refer=someone'));

    const keepButton = screen.getByRole('button', { name: 'Keep selected (0)' });
    expect(keepButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Keep Jordan Alvarez' }));
    await user.click(screen.getByRole('button', { name: 'Keep selected (1)' }));
    const keptList = await screen.findByRole('list', { name: 'Kept connections' });
    expect(
      within(keptList).getByRole('link', { name: 'Refer Jordan Alvarez for Senior FHIR Engineer' }),
    ).toBeInTheDocument();
    expect(within(keptList).getByRole('button', { name: 'Remove Jordan Alvarez' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/connections/kept' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ items: [{ connection: jordan, jobId: JOB_ID }] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Matches' })).not.toBeInTheDocument());

    // Removing one asks first; Cancel keeps it, Remove deletes it.
    const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').length;
    await user.click(within(keptList).getByRole('button', { name: 'Remove Jordan Alvarez' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: CONNECTIONS_MESSAGES.removeTitle('Jordan Alvarez'),
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toBe(0);
    await user.click(within(keptList).getByRole('button', { name: 'Remove Jordan Alvarez' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(CONNECTIONS_MESSAGES.deleted)).toBeInTheDocument();
    expect(deletes()).toBe(1);
  });

  it('says what the server refused in the file, and what is too large before sending it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/connections/import'
          ? jsonResponse(422, {
              error: { code: 'CONNECTIONS_UNREADABLE', message: 'Line 7 of the file could not be read.' },
            })
          : jsonResponse(200, { items: [] }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/connections', element: <ConnectionsPage /> }], { path: '/connections', session });
    await user.upload(await screen.findByLabelText('Connections.csv'), new File(['x'], 'Connections.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 7 of the file could not be read.');
  });
});
