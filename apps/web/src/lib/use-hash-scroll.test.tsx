import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { useHashScroll } from './use-hash-scroll';

/** A card that appears only once its data has "loaded". */
function LateCard({ delayMs }: { delayMs: number }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return loaded ? <section id="exports">Exports</section> : <p>Loading…</p>;
}

function Layout() {
  useHashScroll();
  return <Outlet />;
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Link to="/analytics#exports">Your export is ready</Link> },
      { path: '/analytics', element: <LateCard delayMs={300} /> },
    ],
  },
];

let scrolledTo: string[];
beforeEach(() => {
  scrolledTo = [];
  // jsdom lays nothing out and has no scrollIntoView: record which element was asked to come into view.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolledTo.push(this.id);
  });
});

describe('useHashScroll', () => {
  it('scrolls to a link’s #target once it appears after its data loads', async () => {
    renderRoutes(routes);
    await userEvent.click(screen.getByRole('link', { name: 'Your export is ready' }));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(scrolledTo).toEqual([]);
    expect(await screen.findByText('Exports')).toBeInTheDocument();
    expect(scrolledTo).toEqual(['exports']);
  });

  it('scrolls on the first load of an address with a hash too', async () => {
    renderRoutes(routes, { path: '/analytics#exports' });
    await screen.findByText('Exports');
    expect(scrolledTo).toEqual(['exports']);
  });

  it('leaves the page alone when the person scrolls before the target appears', async () => {
    renderRoutes(routes, { path: '/analytics#exports' });
    act(() => {
      window.dispatchEvent(new Event('wheel'));
    });
    await screen.findByText('Exports');
    expect(scrolledTo).toEqual([]);
  });
});
