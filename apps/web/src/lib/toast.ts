import type { ReactNode } from 'react';
import { toast as sonner, type ExternalToast } from 'sonner';

type Options = Omit<ExternalToast, 'id'>;
type Raise = (title: ReactNode, options?: Options) => string | number;

export interface ScopedToast extends Raise {
  success: Raise;
  error: Raise;
  info: Raise;
  dismiss: () => void;
}

/**
 * The one way to raise a toast: every toast of one form or screen (`scope`) carries the same sonner id, so a new
 * one replaces the earlier one instead of stacking beside it ('Error: Please select your role' does not linger
 * under 'Success!'). Each module takes its own: `const toast = scopedToast('waitlist')`.
 */
export function scopedToast(scope: string): ScopedToast {
  const id = `toast:${scope}`;
  const raise = (title: ReactNode, options?: Options) => sonner(title, { ...options, id });
  return Object.assign(raise, {
    success: (title: ReactNode, options?: Options) => sonner.success(title, { ...options, id }),
    error: (title: ReactNode, options?: Options) => sonner.error(title, { ...options, id }),
    info: (title: ReactNode, options?: Options) => sonner.info(title, { ...options, id }),
    dismiss: () => void sonner.dismiss(id),
  });
}
