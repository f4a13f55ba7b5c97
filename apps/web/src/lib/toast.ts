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

/** Every toast's own number (ids are never reused), and the toast each scope shows now, whichever module raised it. */
let raised = 0;
const shownIn = new Map<string, string>();

/**
 * The one way to raise a toast: a new toast of one form or screen (`scope`) replaces the scope's earlier one instead
 * of stacking beside it ('Error: Please select your role' does not linger under 'Success!'). Each module takes its
 * own: `const toast = scopedToast('waitlist')`; modules that share a scope replace each other's. Returns the toast's
 * id.
 *
 * Each toast has an id of its own and the earlier one is dismissed: a toast whose action was clicked (Undo) is
 * removed by sonner a moment later, by its id, and an outcome raised under the same id within that moment ('Change
 * undone') went with it.
 */
export function scopedToast(scope: string): ScopedToast {
  const show =
    (kind: 'message' | 'success' | 'error' | 'info') =>
    (title: ReactNode, options?: Options): string => {
      const earlier = shownIn.get(scope);
      const id = `toast:${scope}:${++raised}`;
      shownIn.set(scope, id);
      void sonner().then((toast) => {
        if (earlier) toast.dismiss(earlier);
        (kind === 'message' ? toast : toast[kind])(title, { ...options, id });
      });
      return id;
    };
  return Object.assign(show('message'), {
    success: show('success'),
    error: show('error'),
    info: show('info'),
    dismiss: () => {
      const id = shownIn.get(scope);
      if (id) void sonner().then((toast) => toast.dismiss(id));
    },
  });
}
