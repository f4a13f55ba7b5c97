import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, History } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import {
  bonusDescription,
  markBonusPaidSchema,
  REFERRAL_MESSAGES,
  type MarkBonusPaid,
  type MarkBonusPaidForm as MarkBonusPaidInput,
  type Referral,
} from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Form, FormField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { useMarkBonusPaid, useSetHireStartDate } from './api';
import { StartDateDialog } from './start-date-dialog';
import { BonusStateBadge, StageBadge } from './pipeline-parts';

const toast = scopedToast('referral-side-cards');

/** The referral bonus for the referrer and the company, in the bonus state machine's words. */
export function BonusCard({ referral }: { referral: Referral }) {
  const bonus = referral.bonus;
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
                fromHire: bonus.dueFrom === 'hire',
              })}
            </p>
            {referral.viewer.canSetStartDate && bonus.state === 'due' ? (
              <SetStartDate referral={referral} known={bonus.dueFrom === 'start'} />
            ) : null}
            {bonus.paymentReference ? (
              <p className="text-sm text-muted-foreground">Payment reference: {bonus.paymentReference}</p>
            ) : null}
          </>
        )}
        {referral.viewer.canMarkBonusPaid ? <MarkBonusPaidForm referralId={referral.id} /> : null}
      </CardContent>
    </Card>
  );
}

/** Admins: give (or correct) the hire's start date; the bonus's due day moves with it. */
function SetStartDate({ referral, known }: { referral: Referral; known: boolean }) {
  const [open, setOpen] = useState(false);
  const setStartDate = useSetHireStartDate(referral.id);
  return (
    <>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setOpen(true)}>
        {known ? REFERRAL_MESSAGES.changeStartDate : REFERRAL_MESSAGES.setStartDate}
      </Button>
      <StartDateDialog
        mode="set"
        name={referral.talentName}
        open={open}
        onOpenChange={setOpen}
        pending={setStartDate.isPending}
        onConfirm={(startDate) => {
          if (!startDate) return;
          setStartDate.mutate(
            { startDate },
            {
              onSuccess: () => {
                setOpen(false);
                toast.success(REFERRAL_MESSAGES.startDateSaved);
              },
              onError: (error) => toast.error(errorMessage(error, REFERRAL_MESSAGES.updateFailed)),
            },
          );
        }}
      />
    </>
  );
}

/** Admins: record that a due bonus was paid, on a date (today by default) with a payroll reference. */
function MarkBonusPaidForm({ referralId }: { referralId: string }) {
  const markPaid = useMarkBonusPaid(referralId);
  const form = useForm<MarkBonusPaidInput, unknown, MarkBonusPaid>({
    resolver: zodResolver(markBonusPaidSchema),
    defaultValues: { paidOn: '', reference: '' },
  });
  const { errors } = form.formState;
  return (
    <Form
      form={form}
      className="grid gap-2"
      onValid={(values) =>
        markPaid.mutate(values, {
          onSuccess: () => toast.success('Bonus marked paid'),
          onError: (error) =>
            toast.error('Error', {
              description: errorMessage(error, 'Failed to mark the bonus paid. Please try again.'),
            }),
        })
      }
    >
      <FormField label="Paid on (optional, default today)" error={errors.paidOn?.message}>
        {(c) => <Input {...c} type="date" {...form.register('paidOn')} />}
      </FormField>
      <FormField label="Payment reference (optional)" error={errors.reference?.message}>
        {(c) => <Input {...c} maxLength={100} {...form.register('reference')} />}
      </FormField>
      <Button type="submit" disabled={markPaid.isPending}>
        {markPaid.isPending ? 'Saving...' : 'Mark bonus paid'}
      </Button>
    </Form>
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
