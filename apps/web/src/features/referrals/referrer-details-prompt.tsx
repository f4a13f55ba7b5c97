import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { referrerDetailsFormSchema, type ReferrerDetailsForm } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { referrerDetailsPromptQueryOptions, useSaveReferrerDetails, useSkipReferrerDetails } from './api';

const toast = scopedToast('referrer-details-prompt');

type Values = z.output<typeof referrerDetailsFormSchema>;
const FIELDS: { name: 'title' | 'department' | 'team'; label: string; placeholder: string }[] = [
  { name: 'title', label: 'Job title', placeholder: 'Senior Integration Engineer' },
  { name: 'department', label: 'Department', placeholder: 'Clinical Integrations' },
  { name: 'team', label: 'Team', placeholder: 'HL7 & FHIR Interfaces' },
];

/**
 * Asked once, at a company member's first sign-in, while their referrer card has no title or start date: job
 * seekers choose whom to ask by it. "Not now" (the button, Escape or closing) is remembered; everything stays
 * editable on the referrer profile.
 */
export function ReferrerDetailsPrompt() {
  const { company } = useSession();
  const prompt = useQuery({ ...referrerDetailsPromptQueryOptions, enabled: !!company });
  const skip = useSkipReferrerDetails();
  const open = !!company && prompt.data?.ask === true && !skip.isSuccess;
  const notNow = () => {
    if (!skip.isPending)
      skip.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, 'Please try again.')) });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : notNow())}>
      <DialogContent className="sm:max-w-[500px]">
        {open && company ? <DetailsForm companyName={company.name} onNotNow={notNow} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailsForm({ companyName, onNotNow }: { companyName: string; onNotNow: () => void }) {
  const save = useSaveReferrerDetails();
  const form = useForm<ReferrerDetailsForm, unknown, Values>({
    resolver: zodResolver(referrerDetailsFormSchema),
    defaultValues: { title: '', department: '', team: '', startDate: '' },
  });
  const { errors } = form.formState;
  const onValid = (values: Values) =>
    save.mutate(values, {
      onSuccess: () =>
        toast.success('Profile updated', {
          description: 'Job seekers now see who you are when they ask for a referral.',
        }),
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error)))
          if (field in values) form.setError(field as keyof ReferrerDetailsForm, { message });
        toast.error('Error', { description: errorMessage(error, 'Failed to save your profile. Please try again.') });
      },
    });
  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Tell job seekers who you are</DialogTitle>
        <DialogDescription>
          Job seekers pick whom to ask for a referral by title, team and time at {companyName}. It takes a minute, and
          you can change it later on your referrer profile.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, placeholder }) => (
          <FormField key={name} label={label} error={errors[name]?.message}>
            {(control) => <Input {...control} placeholder={placeholder} {...form.register(name)} />}
          </FormField>
        ))}
        <FormField label={`Start date at ${companyName}`} error={errors.startDate?.message}>
          {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onNotNow}>
          Not now
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
