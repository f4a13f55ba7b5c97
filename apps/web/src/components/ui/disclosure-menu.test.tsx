import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DisclosureMenu, disclosureItemClass } from './disclosure-menu';

function Menu() {
  return (
    <div>
      <DisclosureMenu trigger="How it Works">
        <ul>
          <li>
            <a className={disclosureItemClass} href="/a">
              First
            </a>
          </li>
          <li>
            <a className={disclosureItemClass} href="/b">
              Second
            </a>
          </li>
          <li>
            <button type="button" className={disclosureItemClass}>
              Third
            </button>
          </li>
        </ul>
      </DisclosureMenu>
      <button type="button">Elsewhere</button>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: 'How it Works' });

describe('DisclosureMenu', () => {
  it('keeps its links in the markup but hidden until opened', async () => {
    render(<Menu />);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'First' })).not.toBeInTheDocument();
    expect(screen.getByText('First').closest('[hidden]')).not.toBeNull();
    await userEvent.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'First' })).toBeVisible();
  });

  it('opens with ArrowDown, moves with arrow keys, Home and End, and closes with Escape back on the trigger', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 0;
    });
    const user = userEvent.setup();
    render(<Menu />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    await act(async () => {});
    screen.getByRole('link', { name: 'First' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Second' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Third' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Third' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'First' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('closes on a click outside and when focus leaves it', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger());
    await user.tab(); // First
    await user.tab(); // Second
    await user.tab(); // Third
    await user.tab(); // leaves the menu
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after a link inside is chosen', async () => {
    const user = userEvent.setup();
    render(<Menu />);
    await user.click(trigger());
    const link = screen.getByRole('link', { name: 'Second' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when its close key changes (a navigation made by code, such as opening a notification)', async () => {
    const user = userEvent.setup();
    const menu = (key: string) => (
      <DisclosureMenu trigger="Notifications" closeKey={key}>
        <button type="button" className={disclosureItemClass}>
          A notification
        </button>
      </DisclosureMenu>
    );
    const { rerender } = render(menu('/first'));
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    await user.click(screen.getByRole('button', { name: 'A notification' }));
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    rerender(menu('/second'));
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on hover after 100 ms, closes 300 ms after the pointer leaves, and a click pins it open', async () => {
    vi.useFakeTimers();
    try {
      render(<Menu />);
      const root = trigger().parentElement!;
      const pointer = (type: 'pointerenter' | 'pointerleave') =>
        act(() => {
          // React derives enter/leave from pointerover/pointerout, which fireEvent sends.
          if (type === 'pointerenter') fireEvent.pointerEnter(root, { pointerType: 'mouse' });
          else fireEvent.pointerLeave(root, { pointerType: 'mouse' });
        });
      await pointer('pointerenter');
      await act(() => vi.advanceTimersByTime(50));
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
      await act(() => vi.advanceTimersByTime(60));
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');

      await pointer('pointerleave');
      await act(() => vi.advanceTimersByTime(200));
      await pointer('pointerenter'); // back within the grace period: stays open
      await act(() => vi.advanceTimersByTime(400));
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');

      await act(() => trigger().click()); // a click on a hover-opened menu keeps it open...
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');
      await pointer('pointerleave'); // ...and leaving no longer closes it
      await act(() => vi.advanceTimersByTime(400));
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');
      await act(() => trigger().click());
      expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });
});
