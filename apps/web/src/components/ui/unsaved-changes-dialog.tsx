import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  description: 'You have changes that are not saved. If you leave now, they are lost.',
  stay: 'Stay',
  leave: 'Leave',
} as const;

/**
 * UnsavedChangesGuard's confirm dialog, in a module of its own: the guard loads it once a form has edits, so a
 * form page's first load carries no dialog code (the sign-in page's budget, bench/bundle-budget.ts).
 */
export default function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onStay()}
      title={UNSAVED_CHANGES.title}
      description={UNSAVED_CHANGES.description}
      cancelLabel={UNSAVED_CHANGES.stay}
      confirmLabel={UNSAVED_CHANGES.leave}
      destructive
      onConfirm={onLeave}
    />
  );
}
