import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

/*
 * Status variants use a light tint of the status colour with text darkened to 60% lightness of the
 * same hue (colour-mixed with black). Several status colours (pending, completed, draft) cannot carry
 * white or dark text at 4.5:1 as solid fills, while this tint/dark-text pairing measures at >= 5.7:1
 * on both white and muted backgrounds.
 */
export const badgeVariants = cva(
  [
    'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors',
    'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    '[&>svg]:pointer-events-none [&>svg]:size-3',
  ],
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        pending:
          'border-status-pending/40 bg-status-pending/15 text-[color:color-mix(in_oklch,var(--color-status-pending)_60%,black)]',
        accepted:
          'border-status-accepted/40 bg-status-accepted/15 text-[color:color-mix(in_oklch,var(--color-status-accepted)_60%,black)]',
        completed:
          'border-status-completed/40 bg-status-completed/15 text-[color:color-mix(in_oklch,var(--color-status-completed)_60%,black)]',
        rejected:
          'border-status-rejected/40 bg-status-rejected/15 text-[color:color-mix(in_oklch,var(--color-status-rejected)_60%,black)]',
        draft:
          'border-status-draft/40 bg-status-draft/15 text-[color:color-mix(in_oklch,var(--color-status-draft)_60%,black)]',
        published:
          'border-status-published/40 bg-status-published/15 text-[color:color-mix(in_oklch,var(--color-status-published)_60%,black)]',
        hired:
          'border-status-hired/40 bg-status-hired/15 text-[color:color-mix(in_oklch,var(--color-status-hired)_60%,black)]',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export type BadgeProps = ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /** Render the child element (e.g. a link) with badge styles. */
    asChild?: boolean;
  };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : 'span';
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'default'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}
