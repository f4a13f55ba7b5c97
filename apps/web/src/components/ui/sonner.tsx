import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * App-wide toast outlet. Mount once near the root; raise toasts with `scopedToast` (lib/toast.ts).
 * Bottom right, and full width along the bottom on phones: never over the sticky header's menus, bell and avatar.
 */
export function Toaster({ toastOptions, style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      richColors
      closeButton
      className="toaster group"
      style={
        {
          fontFamily: 'var(--font-sans)',
          '--normal-bg': 'var(--color-popover)',
          '--normal-text': 'var(--color-popover-foreground)',
          '--normal-border': 'var(--color-border)',
          '--border-radius': 'var(--radius-md)',
          ...style,
        } as CSSProperties
      }
      toastOptions={{
        ...toastOptions,
        classNames: {
          toast: 'font-sans shadow-md',
          title: 'font-medium',
          description: 'opacity-90',
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}
