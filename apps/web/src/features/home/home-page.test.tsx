import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomePage, meta } from './home-page';
import { DEMO_STEPS } from './product-demo';

function renderHome() {
  render(
    <MemoryRouter>
      <main>
        <HomePage />
      </main>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const demo = () => within(screen.getByRole('region', { name: 'See a referral in action' }));
const status = () => demo().getByRole('status');
const selectedTab = () => demo().getByRole('tab', { selected: true });

describe('HomePage', () => {
  it('exports its metadata and does not set the document title itself', () => {
    document.title = 'unchanged';
    renderHome();
    expect(meta.title).toBeTruthy();
    expect(meta.description).toContain('Referwell');
    expect(document.title).toBe('unchanged');
  });

  it('keeps the hero, the three benefit cards and the closing call to action', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const hrefs = (name: string | RegExp) =>
      screen.getAllByRole('link', { name }).map((link) => link.getAttribute('href'));
    expect(hrefs('Join Waitlist')).toEqual(['/waitlist', '/waitlist']);
    // The visible label is the spec's 'Learn More'; hidden words tell screen readers and crawlers where it goes.
    expect(hrefs('Learn More about how Referwell works')).toEqual(['/how-it-works']);
    expect(hrefs('Log in')).toEqual(['/login']);
    for (const name of ['Expand Your Network', 'Fast-Track Your Career', 'Win-Win Outcomes']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
  });

  it('has a four-step demo described for assistive technology, with nothing loaded from the network', () => {
    const { container } = render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(demo().getAllByRole('tab')).toHaveLength(4);
    expect(selectedTab()).toHaveAccessibleName('Step 1: Find a job');
    expect(status()).toHaveTextContent('Step 1 of 4');
    expect(demo().getByRole('img', { name: /Job search results/ })).toBeInTheDocument();
    expect(container.querySelectorAll('img, video, iframe, object, embed')).toHaveLength(0);
  });

  it('steps through with the Next and Previous buttons', async () => {
    const user = renderHome();
    const previous = demo().getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(demo().getByRole('button', { name: 'Next' }));
    expect(selectedTab()).toHaveAccessibleName('Step 2: Ask for a referral');
    expect(status()).toHaveTextContent('Step 2 of 4');
    expect(demo().getByRole('heading', { level: 3, name: DEMO_STEPS[1]?.title })).toBeInTheDocument();
    expect(previous).toHaveAttribute('aria-disabled', 'false');
    await user.click(previous);
    expect(status()).toHaveTextContent('Step 1 of 4');
  });

  it('can be operated entirely from the keyboard', async () => {
    const user = renderHome();
    // Tab to the selected step, then move between steps with the arrow keys.
    while (document.activeElement !== selectedTab()) await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveAccessibleName('Step 2: Ask for a referral');
    expect(selectedTab()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(status()).toHaveTextContent('Step 3 of 4');
    await user.keyboard('{ArrowLeft}');
    expect(status()).toHaveTextContent('Step 2 of 4');

    // The Next button, pressed with Enter and Space, reaches the last step and then starts over.
    const next = demo().getByRole('button', { name: 'Next' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('Step 3 of 4');
    await user.keyboard(' ');
    expect(status()).toHaveTextContent('Step 4 of 4');
    expect(demo().getByRole('img', { name: /status Hired/ })).toBeInTheDocument();
    const startOver = demo().getByRole('button', { name: 'Start over' });
    expect(startOver).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('Step 1 of 4');

    // Previous stays focusable on the first step but does nothing.
    const previous = demo().getByRole('button', { name: 'Previous' });
    previous.focus();
    await user.keyboard('{Enter}');
    expect(status()).toHaveTextContent('Step 1 of 4');
    expect(previous).toHaveFocus();
  });
});
