import type { ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

type Options = Omit<ExternalToast, 'id'>;
type Raise = (title: ReactNode, options?: Options) => string;

export interface ScopedToast extends Raise {
  success: Raise;
  error: Raise;
  info: Raise;
  dismiss: () => void;
}

/** sonner is fetched with the first toast (the Toaster itself is lazy, app.tsx): no page's first load carries it. */
const sonner = () => import('sonner').then((module) => module.toast);

/**
 * The one way to raise a toast: every toast of one form or screen (`scope`) carries the same sonner id, so a new
 * one replaces the earlier one instead of stacking beside it ('Error: Please select your role' does not linger
 * under 'Success!'). Each module takes its own: `const toast = scopedToast('waitlist')`. Returns the toast's id.
 */
export function scopedToast(scope: string): ScopedToast {
  const id = `toast:${scope}`;
  const show =
    (kind: 'message' | 'success' | 'error' | 'info') =>
    (title: ReactNode, options?: Options): string => {
      void sonner().then((toast) => (kind === 'message' ? toast : toast[kind])(title, { ...options, id }));
      return id;
    };
  return Object.assign(show('message'), {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    dismiss: () => void sonner().then((toast) => toast.dismiss(id)),
  });
}
