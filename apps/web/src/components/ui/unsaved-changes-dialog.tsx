import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

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
    <AlertDialog open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{UNSAVED_CHANGES.title}</AlertDialogTitle>
          <AlertDialogDescription>{UNSAVED_CHANGES.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onStay}>{UNSAVED_CHANGES.stay}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onLeave}>
            {UNSAVED_CHANGES.leave}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
