import { zodResolver } from '@hookform/resolvers/zod';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { SAVED_SEARCH_MESSAGES, savedSearchCreateSchema, type JobSearchFilters } from '@referwell/shared';
import { AlertFrequencySelect } from './alert-frequency-select';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { fieldErrors } from '@/lib/api';
import { useCreateSavedSearch } from './api';

const toast = scopedToast('save-search-dialog');

const formSchema = savedSearchCreateSchema.pick({ name: true, alert: true });
type SaveSearchForm = z.input<typeof formSchema>;

/** A name that says what the search is: its text, else "Job search". */
const suggestedName = (filters: JobSearchFilters) => (filters.q ? filters.q.slice(0, 80) : 'Job search');

/** "Save search" on the job search page: names the current search and picks how often to hear of new jobs. */
export function SaveSearchButton({
  filters,
  startOpen = false,
}: {
  filters: JobSearchFilters;
  /** Open from the start: the person asked to save this search before signing in (`?resume=save-search`). */
  startOpen?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const create = useCreateSavedSearch();
  const navigate = useNavigate();
  const form = useForm<SaveSearchForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: suggestedName(filters), alert: 'daily' },
  });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) form.reset({ name: suggestedName(filters), alert: 'daily' });
  };

  const onValid = (values: SaveSearchForm) =>
    create.mutate(
      { ...values, filters },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(SAVED_SEARCH_MESSAGES.saved, {
            description: 'Find it on your dashboard.',
            action: { label: 'Open dashboard', onClick: () => void navigate('/jobseeker-dashboard') },
          });
        },
        onError: (error) => {
          const { name } = fieldErrors(error);
          if (name) form.setError('name', { message: name });
          toast.error('Could not save the search', { description: error.message });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <BellPlus aria-hidden />
          Save search
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save this search</DialogTitle>
          <DialogDescription>
            We will show new matching jobs on your <Link to="/jobseeker-dashboard">dashboard</Link> and e-mail them to
            you as often as you choose.
          </DialogDescription>
        </DialogHeader>
        <Form form={form} onValid={onValid} className="grid gap-4">
          <FormField id="saved-search-name" label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} maxLength={80} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField id="saved-search-alert" label="Job alerts by e-mail" error={errors.alert?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="alert"
                render={({ field }) => (
                  <AlertFrequencySelect
                    value={field.value ?? 'daily'}
                    onChange={field.onChange}
                    trigger={{ ...control, className: 'w-full' }}
                  />
                )}
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Save search'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
