import { Gift, History } from 'lucide-react';
import { useId, useState } from 'react';
import { scopedToast } from '@/lib/toast';
import { bonusDescription, type Referral } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney } from '@/features/jobs/format';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useMarkBonusPaid } from './api';
import { BonusStateBadge, StageBadge } from './pipeline-parts';

const toast = scopedToast('referral-side-cards');

/** The referral bonus for the referrer and the company, in the bonus state machine's words. */
export function BonusCard({ referral }: { referral: Referral }) {
  const bonus = referral.bonus;
  const markPaid = useMarkBonusPaid(referral.id);
  const [paidOn, setPaidOn] = useState('');
  const [reference, setReference] = useState('');
  const dateId = useId();
  const referenceId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden />
          Referral bonus
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!bonus || bonus.state === 'not_eligible' ? (
          <p className="text-muted-foreground">
            {bonusDescription('not_eligible', null, { ineligible: bonus?.ineligibleReason })}
          </p>
        ) : (
          <>
            <p className="text-2xl font-semibold">{formatMoney(bonus.amount, bonus.currency)}</p>
            <p>
              <BonusStateBadge state={bonus.state} />
            </p>
            <p className="text-sm text-muted-foreground">
              {bonusDescription(bonus.state, bonus.paidOn ? formatDate(bonus.paidOn) : null, {
                dueOn: bonus.dueOn ? formatDate(bonus.dueOn) : null,
              })}
            </p>
            {bonus.paymentReference ? (
              <p className="text-sm text-muted-foreground">Payment reference: {bonus.paymentReference}</p>
            ) : null}
          </>
        )}
        {referral.viewer.canMarkBonusPaid ? (
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              markPaid.mutate(
                { paidOn: paidOn || undefined, reference: reference.trim() || undefined },
                {
                  onSuccess: () => toast.success('Bonus marked paid'),
                  onError: (error) =>
                    toast.error('Error', {
                      description: errorMessage(error, 'Failed to mark the bonus paid. Please try again.'),
                    }),
                },
              );
            }}
          >
            <Label htmlFor={dateId}>Paid on (optional, default today)</Label>
            <Input id={dateId} type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
            <Label htmlFor={referenceId}>Payment reference (optional)</Label>
            <Input
              id={referenceId}
              maxLength={100}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
            <Button type="submit" disabled={markPaid.isPending}>
              {markPaid.isPending ? 'Saving...' : 'Mark bonus paid'}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The candidate's stage history on the job, newest first. */
export function StageHistory({ history }: { history: NonNullable<Referral['history']> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden />
          Stage history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-muted-foreground">No stage changes yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Stage history">
            {[...history].reverse().map((change, index) => (
              <li key={`${change.at}-${index}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                {change.from ? (
                  <>
                    <StageBadge stage={change.from} />
                    <span aria-hidden>→</span>
                    <span className="sr-only">to</span>
                  </>
                ) : (
                  <span>Started as</span>
                )}
                <StageBadge stage={change.to} />
                <span className="text-muted-foreground">
                  by {change.by?.name ?? 'Referwell'} on {formatDate(change.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
