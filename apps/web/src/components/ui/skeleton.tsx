import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** Decorative loading placeholder. Pair with an accessible loading message (e.g. <Spinner /> or aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
