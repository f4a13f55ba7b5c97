import type { MouseEvent, ReactElement, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';

export interface ConfirmDialogProps {
  /** The button that opens it. Omit it when the dialog is opened from elsewhere (`open` and `onOpenChange`). */
  trigger?: ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** Anything the decision needs between the question and the buttons (a code to type, the error of a try). */
  children?: ReactNode;
  cancelLabel?: ReactNode;
  confirmLabel: ReactNode;
  /** Irreversible or hard to undo (close, delete, remove, exclude): the confirm button in the destructive style. */
  destructive?: boolean;
  confirmDisabled?: boolean;
  /** Closes the dialog, unless it calls `event.preventDefault()` (to keep it open until the server answers). */
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * The one way to ask "are you sure?" before an action: a question, what follows from it, a cancel button (focused
 * first, Escape also cancels) and the confirm button. Built on the AlertDialog parts.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  descriptionClassName,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  destructive = false,
  confirmDisabled,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
