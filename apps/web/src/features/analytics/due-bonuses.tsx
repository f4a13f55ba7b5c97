import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import {
  BONUS_FROM_HIRE_DATE,
  markBonusPaidSchema,
  payBonusEarlySchema,
  sumBonuses,
  type MarkBonusPaid,
  type MarkBonusPaidForm,
  type PayBonusEarly,
  type PayBonusEarlyForm,
  type ReferralSummary,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage, fieldErrors } from '@/lib/api';
import { formatDate, formatMoney, formatMoneyList } from '@/lib/format';
import { bonusPolicyQueryOptions, dueBonusesQueryOptions, useMarkBonusesPaid, usePayBonusEarly } from './api';
import { EmptyFigures } from './chart-card';

const toast = scopedToast('due-bonuses');

type Due = ReferralSummary & { bonus: NonNullable<ReferralSummary['bonus']> };

const today = () => new Date().toISOString().slice(0, 10);
const totalOf = (rows: Due[]) => formatMoneyList(sumBonuses(rows.map((r) => r.bonus)).due);

/** Admins: the bonuses due now (their due day has come), to select and mark paid with a date and a reference. */
export function DueBonusesCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(dueBonusesQueryOptions(companyId, 'now'));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const rows = (data ?? []).filter((r): r is Due => !!r.bonus);
  const chosen = rows.filter((r) => selected.has(r.id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">Due bonuses</CardTitle>
          <CardDescription>
            Select the bonuses you paid and mark them paid with the payout date and a payroll reference. Referrers see
            the same date.
          </CardDescription>
        </div>
        <Button type="button" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
          {chosen.length === 0 ? 'Mark paid' : `Mark ${chosen.length} paid`}
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load the due bonuses"
            message={errorMessage(error, 'Please try again.')}
            onRetry={() => void refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyFigures>
            No bonuses are due now. A hire's bonus appears here on its due day; until then it is listed under Upcoming
            bonuses.
          </EmptyFigures>
        ) : (
          <>
            <Table aria-label="Due bonuses">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select all due bonuses"
                      checked={allChosen ? true : chosen.length > 0 ? 'indeterminate' : false}
                      onCheckedChange={(on) => setSelected(on === true ? new Set(rows.map((r) => r.id)) : new Set())}
                    />
                  </TableHead>
                  <TableHead>Referrer</TableHead>
                  <TableHead>Candidate</TableHead>
                  <TableHead className="hidden sm:table-cell">Job</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead className="hidden sm:table-cell">Due since</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-state={selected.has(row.id) ? 'selected' : undefined}>
                    <TableCell>
                      <Checkbox
                        aria-label={`Select the bonus of ${row.referrer?.name ?? 'a former member'} for ${row.talentName}`}
                        checked={selected.has(row.id)}
                        onCheckedChange={(on) => toggle(row.id, on === true)}
                      />
                    </TableCell>
                    <TableCell>{row.referrer?.name ?? '—'}</TableCell>
                    <TableCell>{row.talentName}</TableCell>
                    <TableCell className="hidden sm:table-cell">{row.jobTitle}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(row.bonus.amount, row.bonus.currency)}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <DueDay bonus={row.bonus} empty="At hire" />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {rows.length >= 100 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                The 100 oldest due bonuses are shown; the rest appear once these are paid.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
      <PayoutDialog
        companyId={companyId}
        chosen={chosen}
        open={confirming}
        onOpenChange={setConfirming}
        onPaid={() => setSelected(new Set())}
      />
    </Card>
  );
}

function PayoutDialog({
  companyId,
  chosen,
  open,
  onOpenChange,
  onPaid,
}: {
  companyId: string;
  chosen: Due[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPaid: () => void;
}) {
  const markPaid = useMarkBonusesPaid(companyId);
  const retentionDays = useQuery(bonusPolicyQueryOptions(companyId)).data?.retentionCheckDays ?? null;
  const form = useForm<MarkBonusPaidForm, unknown, MarkBonusPaid>({
    resolver: zodResolver(markBonusPaidSchema),
    defaultValues: { paidOn: today(), reference: '' },
  });
  const { errors } = form.formState;
  const onValid = (values: MarkBonusPaid) =>
    markPaid.mutate(
      { referralIds: chosen.map((r) => r.id), ...values },
      {
        onSuccess: ({ paid }) => {
          toast.success(paid === 1 ? '1 bonus marked paid' : `${paid} bonuses marked paid`);
          onPaid();
          onOpenChange(false);
          form.reset({ paidOn: today(), reference: '' });
        },
        onError: (error) => {
          for (const [name, message] of Object.entries(fieldErrors(error)))
            if (name === 'paidOn' || name === 'reference') form.setError(name, { message });
          toast.error('Could not mark the bonuses paid', {
            description: errorMessage(error, 'Please try again.'),
          });
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Mark {chosen.length === 1 ? '1 bonus' : `${chosen.length} bonuses`} paid ({totalOf(chosen)})?
          </DialogTitle>
          <DialogDescription>
            The referrers see them as paid on this date with the reference. All of them are marked, or none if one is no
            longer due.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onValid={onValid} className="grid gap-4">
          <FormField label="Paid on" error={errors.paidOn?.message}>
            {(control) => <Input type="date" {...control} {...form.register('paidOn')} />}
          </FormField>
          <FormField
            label="Payment reference"
            hint="Optional: the payroll run or transfer reference."
            error={errors.reference?.message}
          >
            {(control) => <Input maxLength={100} {...control} {...form.register('reference')} />}
          </FormField>
          {retentionDays === null ? null : (
            <Controller
              control={form.control}
              name="stillEmployed"
              render={({ field }) => (
                <div className="flex items-start gap-2">
                  <Checkbox
                    id="payout-still-employed"
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                  />
                  <Label htmlFor="payout-still-employed" className="leading-snug font-normal">
                    {chosen.length === 1 ? 'The hire was' : 'Each hire was'} still employed on day {retentionDays} after
                    the start date (the policy&apos;s retention check).
                  </Label>
                </div>
              )}
            />
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={markPaid.isPending || chosen.length === 0}>
              {markPaid.isPending ? 'Saving...' : `Mark ${chosen.length} paid`}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Admins: hired candidates' bonuses whose due day is still to come, with that day; one can be paid early, with a reason. */
export function UpcomingBonusesCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(dueBonusesQueryOptions(companyId, 'upcoming'));
  const [early, setEarly] = useState<Due | null>(null);
  const rows = (data ?? []).filter((r): r is Due => !!r.bonus);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2">Upcoming bonuses</CardTitle>
        <CardDescription>
          Bonuses of hires whose due day is still to come. They move to Due bonuses on that day; paying one before then
          is a separate action with a reason, kept in the audit log and the bonuses CSV.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load the upcoming bonuses"
            message={errorMessage(error, 'Please try again.')}
            onRetry={() => void refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyFigures>No upcoming bonuses. A hire's bonus is listed here until its due day.</EmptyFigures>
        ) : (
          <Table aria-label="Upcoming bonuses">
            <TableHeader>
              <TableRow>
                <TableHead>Referrer</TableHead>
                <TableHead>Candidate</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Due on</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.referrer?.name ?? '—'}</TableCell>
                  <TableCell>{row.talentName}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoney(row.bonus.amount, row.bonus.currency)}
                  </TableCell>
                  <TableCell>
                    <DueDay bonus={row.bonus} empty="—" />
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Pay early: the bonus of ${row.referrer?.name ?? 'a former member'} for ${row.talentName}`}
                      onClick={() => setEarly(row)}
                    >
                      Pay early
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <EarlyPaymentDialog companyId={companyId} bonus={early} onClose={() => setEarly(null)} />
    </Card>
  );
}

function EarlyPaymentDialog({
  companyId,
  bonus,
  onClose,
}: {
  companyId: string;
  bonus: Due | null;
  onClose: () => void;
}) {
  const pay = usePayBonusEarly(companyId);
  const blank = { reason: '', paidOn: today(), reference: '' };
  const form = useForm<PayBonusEarlyForm, unknown, PayBonusEarly>({
    resolver: zodResolver(payBonusEarlySchema),
    defaultValues: blank,
  });
  const { errors } = form.formState;
  const onValid = (values: PayBonusEarly) =>
    bonus &&
    pay.mutate(
      { referralId: bonus.id, ...values },
      {
        onSuccess: () => {
          toast.success('Bonus paid early');
          form.reset(blank);
          onClose();
        },
        onError: (error) => {
          for (const [name, message] of Object.entries(fieldErrors(error)))
            if (name === 'reason' || name === 'paidOn' || name === 'reference') form.setError(name, { message });
          toast.error('Could not pay the bonus early', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );
  return (
    <Dialog open={bonus !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Pay {bonus ? formatMoney(bonus.bonus.amount, bonus.bonus.currency) : 'this bonus'} before its due day?
          </DialogTitle>
          <DialogDescription>
            {bonus?.bonus.dueOn ? `It is due on ${formatDate(bonus.bonus.dueOn)}. ` : ''}
            An early payment is recorded as such, with your reason, in the audit log and the bonuses CSV.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onValid={onValid} className="grid gap-4">
          <FormField label="Reason" error={errors.reason?.message}>
            {(control) => <Input maxLength={500} {...control} {...form.register('reason')} />}
          </FormField>
          <FormField label="Paid on" error={errors.paidOn?.message}>
            {(control) => <Input type="date" {...control} {...form.register('paidOn')} />}
          </FormField>
          <FormField
            label="Payment reference"
            hint="Optional: the payroll run or transfer reference."
            error={errors.reference?.message}
          >
            {(control) => <Input maxLength={100} {...control} {...form.register('reference')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pay.isPending}>
              {pay.isPending ? 'Saving...' : 'Pay early'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** A bonus's due day, saying when it counts from the hire day because the start date is not known. */
function DueDay({ bonus, empty }: { bonus: { dueOn?: string | null; dueFrom?: string | null }; empty: string }) {
  if (!bonus.dueOn) return <>{empty}</>;
  return (
    <>
      {formatDate(bonus.dueOn)}
      {bonus.dueFrom === 'hire' ? (
        <span className="block text-xs text-muted-foreground">({BONUS_FROM_HIRE_DATE})</span>
      ) : null}
    </>
  );
}
