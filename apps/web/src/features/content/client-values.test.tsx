import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingLink } from './booking-link';
import { acceptBookingUrl, DEFAULT_BOOKING_URL, useBookingUrl } from './client-values';
import { ShareLinks, shareTargets } from './share-links';

function setBookingMeta(content: string) {
  const tag = document.createElement('meta');
  tag.name = 'rw-booking-url';
  tag.content = content;
  document.head.append(tag);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="rw-booking-url"]').forEach((tag) => tag.remove());
  document.body.innerHTML = '';
});

/** Renders on the "server", then hydrates the same markup on the client, failing on any mismatch. */
async function serverRenderThenHydrate(ui: ReactNode) {
  const html = renderToString(ui);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const serverHtml = container.innerHTML;
  const onRecoverableError = vi.fn();
  // React reports attribute mismatches only through console.error, and text mismatches as recoverable errors.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError });
    });
    expect(consoleError).not.toHaveBeenCalled();
  } finally {
    consoleError.mockRestore();
  }
  return { serverHtml, container, onRecoverableError };
}

describe('shareTargets', () => {
  it('URL-encodes the page URL, and the post text for Bluesky and Threads', () => {
    const [linkedIn, bluesky, threads] = shareTargets('https://example.org/how-it-works?a=1&b=2', 'Read this:');
    expect(linkedIn?.href).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexample.org%2Fhow-it-works%3Fa%3D1%26b%3D2',
    );
    expect(bluesky?.href).toBe(
      'https://bsky.app/intent/compose?text=Read%20this%3A%20https%3A%2F%2Fexample.org%2Fhow-it-works%3Fa%3D1%26b%3D2',
    );
    expect(threads?.href).toBe(
      'https://www.threads.net/intent/post?text=Read%20this%3A%20https%3A%2F%2Fexample.org%2Fhow-it-works%3Fa%3D1%26b%3D2',
    );
  });
});

describe('ShareLinks', () => {
  const ui = (
    <MemoryRouter initialEntries={['/how-it-works']}>
      <ShareLinks text="Look:" />
    </MemoryRouter>
  );

  it('server-renders the path alone, then hydrates without a mismatch and shares the full URL', async () => {
    const { serverHtml, container, onRecoverableError } = await serverRenderThenHydrate(ui);
    expect(serverHtml).toContain('share-offsite/?url=%2Fhow-it-works"');
    expect(serverHtml).not.toContain(encodeURIComponent(window.location.origin));
    expect(onRecoverableError).not.toHaveBeenCalled();
    const linkedIn = container.querySelector('a[href*="linkedin"]');
    expect(linkedIn?.getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${window.location.origin}/how-it-works`)}`,
    );
  });

  it('uses the full URL straight away in a client-only render', () => {
    render(ui);
    expect(screen.getByRole('link', { name: 'Share on Threads' }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/how-it-works`),
    );
  });
});

describe('acceptBookingUrl', () => {
  it.each([
    ['https://cal.example.com/referwell', 'https://cal.example.com/referwell'],
    ['  http://cal.example.com/x  ', 'http://cal.example.com/x'],
    ['/contact', '/contact'],
    [
      'mailto:beta@referwell.example?subject=Book%20a%2030-minute%20beta%20program%20call',
      'mailto:beta@referwell.example?subject=Book%20a%2030-minute%20beta%20program%20call',
    ],
  ])('accepts %j', (raw, expected) => {
    expect(acceptBookingUrl(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '//evil.example.com',
    '/\\evil.example.com',
    'cal.example.com',
  ])('refuses %j', (raw) => {
    expect(acceptBookingUrl(raw)).toBeNull();
  });
});

describe('useBookingUrl and BookingLink', () => {
  function Probe() {
    return <span data-testid="url">{useBookingUrl()}</span>;
  }

  it('defaults to the waitlist when no meta tag is present', () => {
    render(<Probe />);
    expect(screen.getByTestId('url')).toHaveTextContent(DEFAULT_BOOKING_URL);
  });

  it('reads the meta tag on the client', () => {
    setBookingMeta('https://cal.example.com/referwell');
    render(<Probe />);
    expect(screen.getByTestId('url')).toHaveTextContent('https://cal.example.com/referwell');
  });

  it('server-renders the waitlist link, then hydrates to the booking page without a mismatch', async () => {
    setBookingMeta('https://cal.example.com/referwell');
    const ui = (
      <MemoryRouter>
        <BookingLink />
      </MemoryRouter>
    );
    const { serverHtml, container, onRecoverableError } = await serverRenderThenHydrate(ui);
    expect(serverHtml).toContain('href="/waitlist"');
    expect(onRecoverableError).not.toHaveBeenCalled();
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('href', 'https://cal.example.com/referwell');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('Book a 30-minute call');
  });

  it('links a mailto: booking address without opening a new tab', () => {
    setBookingMeta('mailto:beta@referwell.example?subject=Beta%20call');
    render(
      <MemoryRouter>
        <BookingLink />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Book a 30-minute call' });
    expect(link).toHaveAttribute('href', 'mailto:beta@referwell.example?subject=Beta%20call');
    expect(link).not.toHaveAttribute('target');
  });
});
