import { Gift } from 'lucide-react';
import { scopedToast } from '@/lib/toast';
import {
  BONUS_STATE_LABELS,
  REFERRAL_MESSAGES,
  STAGE_LABELS,
  UNDO_WINDOW_MS,
  type BonusState,
  type PipelineStage,
  type UndoableChange,
} from '@referwell/shared';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/api';
import { useUndoChange } from './api';

const toast = scopedToast('pipeline-parts');

const STAGE_VARIANT: Record<PipelineStage, BadgeVariant> = {
  applied: 'pending',
  referred: 'pending',
  contacted: 'accepted',
  scheduled: 'accepted',
  interviewed: 'accepted',
  offer: 'accepted',
  hired: 'completed',
  declined: 'rejected',
  withdrawn: 'rejected',
};

export function StageBadge({ stage }: { stage: PipelineStage }) {
  return <Badge variant={STAGE_VARIANT[stage]}>{STAGE_LABELS[stage]}</Badge>;
}

const BONUS_VARIANT: Record<BonusState, BadgeVariant> = {
  not_eligible: 'secondary',
  awaiting_hire: 'pending',
  due: 'accepted',
  paid: 'completed',
  void: 'rejected',
};

export function BonusStateBadge({ state }: { state: BonusState }) {
  return <Badge variant={BONUS_VARIANT[state]}>{BONUS_STATE_LABELS[state]}</Badge>;
}

/** "Bonus $2,500 · Awaiting hire": the same words wherever a referral's bonus is listed. */
export function BonusInline({ bonus }: { bonus: { amount: number; currency: string; state: BonusState } }) {
  if (bonus.state === 'not_eligible') return null;
  return (
    <span className="flex items-center gap-1">
      <Gift className="size-3" aria-hidden />
      Bonus {formatMoney(bonus.amount, bonus.currency)} · {BONUS_STATE_LABELS[bonus.state]}
    </span>
  );
}

/** Shown on applicants who came through a referral. */
export function ReferredByBadge({ name }: { name: string | null }) {
  return <Badge variant="published">Referred by {name ?? 'a former member'}</Badge>;
}

/**
 * A saved status or stage change's toast. While the server holds its notifications (10 s) the toast offers
 * Undo, which asks the server to restore the previous stage, referral and bonus.
 */
export function useChangeToast() {
  const undo = useUndoChange();
  return (title: string, description: string, undoable: UndoableChange | null | undefined) => {
    if (!undoable) {
      toast.success(title, { description });
      return;
    }
    const remaining = Math.max(0, new Date(undoable.undoUntil).getTime() - Date.now());
    toast.success(title, {
      description,
      duration: Math.min(remaining, UNDO_WINDOW_MS),
      action: {
        label: 'Undo',
        // mutateAsync: the toast outlives the row or page that showed it.
        onClick: () =>
          void undo.mutateAsync(undoable.id).then(
            () => toast.success(REFERRAL_MESSAGES.undoneTitle),
            (error: unknown) =>
              toast.error(REFERRAL_MESSAGES.updateFailedTitle, {
                description: errorMessage(error, REFERRAL_MESSAGES.updateFailed),
              }),
          ),
      },
    });
  };
}
