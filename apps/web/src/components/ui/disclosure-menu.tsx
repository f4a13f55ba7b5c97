import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

// SPEC §9: a menu opens after a 100 ms hover and stays for a 300 ms pointer grace period.
const HOVER_OPEN_MS = 100;
const HOVER_CLOSE_MS = 300;

export interface DisclosureMenuProps {
  /** The trigger's content (text, or an avatar). */
  trigger: ReactNode;
  /** Accessible name when the trigger has no text. */
  triggerLabel?: string;
  showChevron?: boolean;
  align?: 'start' | 'end';
  triggerClassName?: string;
  panelClassName?: string;
  /** The menu closes whenever this changes: pass the router location's key so it closes on navigation. */
  closeKey?: unknown;
  children: ReactNode;
}

const focusableItems = (panel: HTMLElement | null) =>
  Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);

/**
 * A navigation menu in the WAI-ARIA disclosure pattern: a button that shows or hides a panel of
 * links. Click, Enter or Space toggles it; ArrowDown opens it and moves into it; arrow keys,
 * Home and End move between its items; Escape, a click outside or leaving it closes it; a mouse
 * opens it on hover. The panel is always in the markup (hidden when closed), so its links are
 * present in prerendered HTML too.
 */
export function DisclosureMenu({
  trigger,
  triggerLabel,
  showChevron = true,
  align = 'start',
  triggerClassName,
  panelClassName,
  closeKey,
  children,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  // Navigation (a link, or an item that navigates by code such as a notification) closes the menu.
  const [shownFor, setShownFor] = useState(closeKey);
  if (shownFor !== closeKey) {
    setShownFor(closeKey);
    setOpen(false);
  }
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A menu opened by hovering closes when the pointer leaves; one opened on purpose (click or
  // keyboard) stays until dismissed. Clicking a hover-opened menu keeps it open.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const onPointerEnter = () => {
    clearTimeout(hoverTimer.current);
    if (open) return;
    hoverTimer.current = setTimeout(() => {
      openedByHover.current = true;
      setOpen(true);
    }, HOVER_OPEN_MS);
  };
  const onPointerLeave = () => {
    clearTimeout(hoverTimer.current);
    if (open && openedByHover.current) hoverTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_MS);
  };

  const focusItem = (index: 'first' | 'last' | number) => {
    const items = focusableItems(panelRef.current);
    if (items.length === 0) return;
    const at = index === 'first' ? 0 : index === 'last' ? items.length - 1 : (index + items.length) % items.length;
    items[at]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = focusableItems(panelRef.current);
    const current = items.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        triggerRef.current?.focus();
        return;
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          openedByHover.current = false;
          setOpen(true);
          // The panel becomes visible on the next paint.
          requestAnimationFrame(() => focusItem('first'));
        } else focusItem(current < 0 ? 'first' : current + 1);
        return;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        focusItem(current < 0 ? 'last' : current - 1);
        return;
      case 'Home':
      case 'End':
        if (!open || current < 0) return;
        event.preventDefault();
        focusItem(event.key === 'Home' ? 'first' : 'last');
        return;
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onPointerEnter={(event) => event.pointerType === 'mouse' && onPointerEnter()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && onPointerLeave()}
    >
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onClick={() => {
          clearTimeout(hoverTimer.current);
          const pinHoverOpened = open && openedByHover.current;
          openedByHover.current = false;
          if (!pinHoverOpened) setOpen(!open);
        }}
        className={cn(
          'group inline-flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
          'hover:bg-muted hover:text-foreground aria-expanded:text-foreground',
          'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
          triggerClassName,
        )}
      >
        {trigger}
        {showChevron ? (
          <ChevronDown className="size-4 transition-transform group-aria-expanded:rotate-180" aria-hidden />
        ) : null}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a[href]')) setOpen(false);
        }}
        className={cn(
          'absolute top-full z-50 mt-2 min-w-56 animate-fade-in rounded-lg border bg-popover p-1.5 text-popover-foreground shadow-lg',
          align === 'end' ? 'right-0' : 'left-0',
          panelClassName,
        )}
      >
        {children}
      </div>
    </div>
  );
}

/** Classes for a link or button inside a DisclosureMenu panel. */
export const disclosureItemClass = cn(
  'flex w-full cursor-pointer flex-col items-start gap-0.5 rounded-md px-3 py-2 text-left text-sm transition-colors',
  'hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:outline-hidden',
);
