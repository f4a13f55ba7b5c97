import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import {
  JOB_APPLY_NOTE_MAX,
  JOB_MESSAGES,
  SCREENING_TEXTS,
  SELF_ID_TEXTS,
  jobApplyFormSchema,
  type Job,
  type JobApplyInput,
} from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CandidateIdsFields } from '@/components/candidate-ids-fields';
import { Form, FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { SelfIdStep } from '../self-id/port';
import { useApplyToJob } from './api';

const toast = scopedToast('apply-dialog');

/**
 * Apply Now asks first: the profile goes to the hiring team, with an optional note they see in Applications. Once
 * applied, a company that invites voluntary self-identification gets its own, skippable step in the same dialog.
 */
export function ApplyDialog({
  job,
  open,
  onOpenChange,
}: {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const apply = useApplyToJob(job.id);
  const form = useForm<z.input<typeof jobApplyFormSchema>, unknown, JobApplyInput>({
    resolver: zodResolver(jobApplyFormSchema),
    defaultValues: { note: '', dob: '', npi: '' },
  });
  const poster = job.postedBy?.name ?? 'the hiring team';
  const [step, setStep] = useState<'apply' | 'self-id'>('apply');
  const close = useCallback(() => {
    onOpenChange(false);
    setStep('apply');
  }, [onOpenChange]);

  const onValid = (values: JobApplyInput) =>
    apply.mutate(values, {
      onSuccess: () => {
        setStep('self-id');
        toast.success(JOB_MESSAGES.appliedTitle, { description: JOB_MESSAGES.applied(poster, job.companyName) });
      },
      onError: (e) => {
        const { note, dob, npi } = fieldErrors(e);
        if (note) form.setError('note', { message: note });
        if (dob) form.setError('dob', { message: dob });
        if (npi) form.setError('npi', { message: npi });
        toast.error('Error', {
          description: errorMessage(e, 'Failed to apply. Please try again.'),
        });
      },
    });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        {step === 'self-id' ? (
          <>
            {/* The dialog's one title: the step shows no heading of its own (one accessible name, one h2). */}
            <DialogHeader>
              <DialogTitle>{SELF_ID_TEXTS.stepTitle}</DialogTitle>
              <DialogDescription>{SELF_ID_TEXTS.stepIntro(job.companyName)}</DialogDescription>
            </DialogHeader>
            <SelfIdStep jobId={job.id} onDone={close} />
          </>
        ) : (
          <Form form={form} onValid={onValid} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Apply for {job.title}?</DialogTitle>
              <DialogDescription>
                Your profile will be sent to {poster} at {job.companyName}.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Note to the hiring team (optional)" error={form.formState.errors.note?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  maxLength={JOB_APPLY_NOTE_MAX}
                  placeholder="Why this role, when you could start, anything they should know."
                  {...form.register('note')}
                />
              )}
            </FormField>
            <CandidateIdsFields
              register={form.register}
              errors={form.formState.errors}
              hint={SCREENING_TEXTS.idsApplyHint}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={apply.isPending}>
                {apply.isPending ? 'Applying...' : 'Submit Application'}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
