import { useId, useState, type FormEvent } from 'react';
import { scopedToast } from '@/lib/toast';
import { JOB_APPLY_NOTE_MAX, JOB_MESSAGES, jobApplySchema, type Job } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api';
import { useApplyToJob } from './api';

const toast = scopedToast('apply-dialog');

/** Apply Now asks first: the profile goes to the hiring team, with an optional note they see in Applications. */
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
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const poster = job.postedBy?.name ?? 'the hiring team';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = jobApplySchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    apply.mutate(parsed.data, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success(JOB_MESSAGES.appliedTitle, { description: JOB_MESSAGES.applied(poster, job.companyName) });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields.note) setError(e.fields.note);
        toast.error('Error', {
          description: errorMessage(e, 'Failed to apply. Please try again.'),
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Apply for {job.title}?</DialogTitle>
            <DialogDescription>
              Your profile will be sent to {poster} at {job.companyName}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>Note to the hiring team (optional)</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              rows={4}
              maxLength={JOB_APPLY_NOTE_MAX}
              placeholder="Why this role, when you could start, anything they should know."
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-note-error` : undefined}
            />
            <FieldError id={`${id}-note-error`} message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending ? 'Applying...' : 'Submit Application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
