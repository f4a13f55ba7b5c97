import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import { bonusPolicyFormSchema, type BonusPolicyForm, type BonusPolicyResponse } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { bonusPolicyQueryOptions, useSaveBonusPolicy } from './api';

const toast = scopedToast('bonus-policy-card');

const orNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);

/** Admins: the company's default bonus, payout delay and first-touch window; referrers read the rule it makes. */
export function BonusPolicyCard({ companyId }: { companyId: string }) {
  const { data } = useQuery(bonusPolicyQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Bonus policy</CardTitle>
        <CardDescription>{data ? data.rule : 'The rules referrers read before they refer.'}</CardDescription>
      </CardHeader>
      <CardContent>
        {data ? <PolicyForm companyId={companyId} policy={data} /> : <Skeleton className="h-40 w-full" />}
      </CardContent>
    </Card>
  );
}

function PolicyForm({ companyId, policy }: { companyId: string; policy: BonusPolicyResponse }) {
  const save = useSaveBonusPolicy(companyId);
  const form = useForm<BonusPolicyForm>({
    resolver: zodResolver(bonusPolicyFormSchema),
    defaultValues: {
      defaultBonusAmount: policy.defaultBonusAmount,
      defaultBonusCurrency: policy.defaultBonusCurrency,
      payoutDelayDays: policy.payoutDelayDays,
      directApplicationWindowDays: policy.directApplicationWindowDays,
      retentionCheckDays: policy.retentionCheckDays,
      applyToScheduled: false,
    },
  });
  const { errors } = form.formState;
  const nullable = (name: keyof BonusPolicyForm) => name === 'defaultBonusAmount' || name === 'retentionCheckDays';
  const field = (
    name: Exclude<keyof BonusPolicyForm, 'applyToScheduled'>,
    label: string,
    options: { number?: boolean; hint?: string } = {},
  ) => {
    return (
      <FormField id={`bonus-policy-${name}`} label={label} hint={options.hint} error={errors[name]?.message}>
        {(c) => (
          <Input
            {...c}
            inputMode={options.number ? 'numeric' : undefined}
            {...form.register(name, {
              setValueAs: (value: string) => {
                const v = orNull(typeof value === 'string' ? value.trim() : value);
                if (v === null) return options.number && !nullable(name) ? undefined : null;
                return options.number ? Number(v) : String(v).toUpperCase();
              },
            })}
          />
        )}
      </FormField>
    );
  };
  return (
    <Form
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      onValid={(values) =>
        save.mutate(values, {
          onSuccess: ({ rescheduled }) => {
            toast.success('Bonus policy saved', {
              description: values.applyToScheduled
                ? `${rescheduled === 1 ? '1 scheduled bonus has' : `${rescheduled} scheduled bonuses have`} a new due day.`
                : 'Bonuses already scheduled keep their due day; the policy applies to hires from now on.',
            });
            form.reset({ ...values, applyToScheduled: false });
          },
          onError: (error) => toast.error('Could not save the bonus policy', { description: error.message }),
        })
      }
    >
      {field('defaultBonusAmount', 'Default bonus amount', {
        number: true,
        hint: 'Used for jobs without their own bonus; leave empty for none.',
      })}
      {field('defaultBonusCurrency', 'Currency', { hint: 'Three letters, such as USD or EUR.' })}
      {field('payoutDelayDays', 'Payable after the start date (days)', { number: true })}
      {field('directApplicationWindowDays', 'Direct application window (days)', {
        number: true,
        hint: 'A candidate who applied directly this recently earns the referrer no bonus.',
      })}
      {field('retentionCheckDays', 'Retention check (day after start)', {
        number: true,
        hint: 'Optional: the bonus is paid only once you confirm the hire is still employed on this day.',
      })}
      <Controller
        control={form.control}
        name="applyToScheduled"
        render={({ field }) => (
          <div className="flex items-start gap-2 sm:col-span-2">
            <Checkbox
              id="bonus-policy-applyToScheduled"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor="bonus-policy-applyToScheduled" className="leading-snug font-normal">
              Also apply to bonuses already scheduled (hired, not yet paid): their due day is computed again from the
              start date. Otherwise the change applies to hires recorded from now on.
            </Label>
          </div>
        )}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save policy'}
        </Button>
      </div>
    </Form>
  );
}
