import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  formatMoney,
  PAYEE_KINDS,
  payeeFormSchema,
  TAX_CLASSIFICATION_LABELS,
  TAX_CLASSIFICATIONS,
  type Payee,
  type PayeeForm,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage, fieldErrors } from '@/lib/api';
import { formatMoneyList } from '@/lib/format';
import { scopedToast } from '@/lib/toast';
import { EmptyFigures } from './chart-card';
import { payeesQueryOptions, useSavePayee } from './api';

const toast = scopedToast('payees-card');

const KIND_LABELS: Record<(typeof PAYEE_KINDS)[number], string> = {
  employee: 'Employee (payroll)',
  external: 'External referrer (W-9)',
};

/** The form's fields, flat: the schema picks the ones of the chosen kind. */
interface PayeeFields {
  kind: 'employee' | 'external';
  payrollId: string;
  legalName: string;
  taxClassification: (typeof TAX_CLASSIFICATIONS)[number];
  tinType: 'ssn' | 'ein';
  tin: string;
}

/** The payroll id of an employee, or the W-9 of an external referrer with its TIN masked (last four). */
function paidAsDetail(payee: Payee): string {
  if (payee.kind === 'employee') return payee.payrollId ?? '—';
  if (!payee.w9) return '—';
  return `${payee.w9.legalName}, ${TAX_CLASSIFICATION_LABELS[payee.w9.taxClassification]}, ${payee.w9.tinType.toUpperCase()} ${payee.w9.tinMasked}`;
}

/**
 * Admins: who the company pays bonuses to. Employees by payroll id (the bonuses CSV carries it); external referrers
 * by their W-9, the TIN shown masked; this year's total per person, flagged at the 1099-NEC threshold.
 */
export function PayeesCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(payeesQueryOptions(companyId));
  const [editing, setEditing] = useState<Payee | null>(null);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2">Payees</CardTitle>
        <CardDescription>
          How each referrer is paid. Employees get bonuses as supplemental wages through payroll; external referrers
          need a W-9, and a Form 1099-NEC once they are paid
          {data ? ` ${formatMoney(data.thresholdUsd, 'USD')} or more in ${data.year}` : ' over the threshold in a year'}
          . No money moves through Referwell.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load the payees"
            message={errorMessage(error, 'Please try again.')}
            onRetry={() => void refetch()}
          />
        ) : data.payees.length === 0 ? (
          <EmptyFigures>No payees yet. Referrers appear here once a referral of theirs carries a bonus.</EmptyFigures>
        ) : (
          <Table aria-label="Payees">
            <TableHeader>
              <TableRow>
                <TableHead>Referrer</TableHead>
                <TableHead>Paid as</TableHead>
                <TableHead className="hidden sm:table-cell">Payroll id or W-9</TableHead>
                <TableHead className="text-right">Paid in {data.year}</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.payees.map((payee) => (
                <TableRow key={payee.userId}>
                  <TableCell>{payee.name}</TableCell>
                  <TableCell>
                    {payee.kind ? KIND_LABELS[payee.kind] : 'Not recorded'}
                    {/* On small screens the payroll id / W-9 column is hidden, so it sits under how they are paid. */}
                    <span className="block break-words text-xs text-muted-foreground sm:hidden">
                      {paidAsDetail(payee)}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{paidAsDetail(payee)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoneyList(payee.paidInYear)}
                    {payee.reaches1099Threshold ? (
                      <span className="block text-xs font-medium text-amber-700">1099-NEC due</span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Edit how ${payee.name} is paid`}
                      onClick={() => setEditing(payee)}
                    >
                      Edit
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing ? <PayeeDialog companyId={companyId} payee={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function PayeeDialog({ companyId, payee, onClose }: { companyId: string; payee: Payee; onClose: () => void }) {
  const save = useSavePayee(companyId);
  const form = useForm<PayeeFields, unknown, PayeeForm>({
    resolver: zodResolver(payeeFormSchema) as unknown as Resolver<PayeeFields, unknown, PayeeForm>,
    defaultValues: {
      kind: payee.kind ?? 'employee',
      payrollId: payee.payrollId ?? '',
      legalName: payee.w9?.legalName ?? payee.name,
      taxClassification: payee.w9?.taxClassification ?? 'individual',
      tinType: payee.w9?.tinType ?? 'ssn',
      tin: '',
    },
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const onValid = (values: PayeeForm) =>
    save.mutate(
      {
        userId: payee.userId,
        body: values.kind === 'external' && !values.tin ? { ...values, tin: undefined } : values,
      },
      {
        onSuccess: () => {
          toast.success(`Saved how ${payee.name} is paid`);
          onClose();
        },
        onError: (error) => {
          for (const [name, message] of Object.entries(fieldErrors(error)))
            if (name in form.getValues()) form.setError(name as keyof PayeeFields, { message });
          toast.error('Could not save the payee', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>How {payee.name} is paid</DialogTitle>
          <DialogDescription>
            The TIN is encrypted when saved and only its last four digits are shown again.
            {payee.w9 ? ' Leave it empty to keep the one on file.' : ''}
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onValid={onValid} className="grid gap-4">
          <FormField label="Paid as" error={errors.kind?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register('kind')}>
                {PAYEE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {kind === 'employee' ? (
            <FormField label="Payroll id" error={errors.payrollId?.message}>
              {(control) => <Input maxLength={50} {...control} {...form.register('payrollId')} />}
            </FormField>
          ) : (
            <>
              <FormField label="Name on the W-9" error={errors.legalName?.message}>
                {(control) => <Input maxLength={200} {...control} {...form.register('legalName')} />}
              </FormField>
              <FormField label="Tax classification" error={errors.taxClassification?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register('taxClassification')}>
                    {TAX_CLASSIFICATIONS.map((c) => (
                      <option key={c} value={c}>
                        {TAX_CLASSIFICATION_LABELS[c]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField label="TIN type" error={errors.tinType?.message}>
                {(control) => (
                  <NativeSelect {...control} {...form.register('tinType')}>
                    <option value="ssn">SSN or ITIN</option>
                    <option value="ein">EIN</option>
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                label="TIN"
                hint={payee.w9 ? `On file: ${payee.w9.tinMasked}` : '123-45-6789 or 12-3456789'}
                error={errors.tin?.message}
              >
                {(control) => <Input autoComplete="off" maxLength={20} {...control} {...form.register('tin')} />}
              </FormField>
            </>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
