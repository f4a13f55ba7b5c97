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
          // richColors' own reds, ambers and blues are too light on their tints for 4.5:1 (axe color-contrast):
          // the same hues, darker.
          '--error-text': 'hsl(360 100% 33%)',
          '--warning-text': 'hsl(31 92% 26%)',
          '--info-text': 'hsl(210 92% 33%)',
          '--success-text': 'hsl(140 100% 22%)',
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
