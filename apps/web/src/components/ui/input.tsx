import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * Text field. The border uses a darkened grey (muted-foreground at 70%) rather than `border-input`
 * so the field boundary reaches the WCAG 1.4.11 3:1 non-text contrast ratio against the background.
 */
export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-muted-foreground/70 bg-background px-3 py-2 text-base text-foreground shadow-xs transition-colors sm:text-sm',
        'placeholder:text-muted-foreground',
        'file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        'focus-visible:border-ring focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive',
        className,
      )}
      {...props}
    />
  );
}
