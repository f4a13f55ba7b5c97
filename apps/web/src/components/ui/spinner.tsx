import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const spinnerIconVariants = cva('shrink-0 animate-spin text-primary', {
  variants: {
    size: {
      sm: 'size-4',
      default: 'size-6',
      lg: 'size-8',
    },
  },
  defaultVariants: { size: 'default' },
});

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerIconVariants> & {
    /** Text announced to assistive tech (and shown when `showLabel`). Defaults to "Loading...". */
    label?: string;
    /** Show the label next to the icon instead of keeping it screen-reader only. */
    showLabel?: boolean;
    /** Extra classes for the spinning icon (e.g. `text-current` inside a button). */
    iconClassName?: string;
  };

/** Accessible loading indicator: a live `role="status"` region with a text label. */
export function Spinner({
  className,
  iconClassName,
  size,
  label = 'Loading...',
  showLabel = false,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
      {...props}
    >
      <Loader2 className={cn(spinnerIconVariants({ size }), iconClassName)} aria-hidden="true" />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}
