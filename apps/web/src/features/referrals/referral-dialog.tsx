import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { createReferralSchema, REFERRAL_MESSAGES, type CreateReferral } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { bonusPolicyQueryOptions } from '@/features/analytics/port';
import { useSession } from '@/lib/session';
import { isApiError } from '@/lib/api';
import { useCreateReferral } from './api';
import { CreditCheck } from './credit-check';
import { OpenPositionField, ReferralAnswers, useOpenPositions } from './referral-fields';

const toast = scopedToast('referral-dialog');
/**
 * "Starting Referral" has a scope of its own: sharing the dialog's, the "Referral Created" that follows replaced it in
 * place, and when it came while the first was closing (its 4 s were up) it closed with it and was never seen.
 */
const startToast = scopedToast('referral-start');

export interface ReferralDialogProps {
  /** The candidate to refer; the dialog renders nothing useful without one. */
  talent: { id: string; name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new referral's id; without it the dialog goes to the referral's detail page. */
  onCreated?: (referralId: string) => void;
  /** The position chosen at first (Find Candidates ranked for it, or came from "Who you know" → Refer). */
  jobId?: string;
}

/** Shows the toast of SPEC §4 when a referral is started from a talent (call it before opening the dialog). */
export function announceReferralStart(talentName: string) {
  startToast(REFERRAL_MESSAGES.startingTitle, { description: REFERRAL_MESSAGES.starting(talentName) });
}

/**
 * The referral dialog (SPEC §2, §4, §5, §8): a position from the signed-in user's company's open jobs
 * and optional notes. Opening, cancelling or closing clears the form.
 */
export function ReferralDialog({ talent, open, onOpenChange, onCreated, jobId }: ReferralDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-[500px] overflow-y-auto">
        {/* The form mounts with the open dialog, so opening, cancelling and closing all start it afresh. */}
        <ReferralForm talent={talent} jobId={jobId} onClose={() => onOpenChange(false)} onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}

function ReferralForm({
  talent,
  jobId: initialJobId,
  onClose,
  onCreated,
}: {
  talent: ReferralDialogProps['talent'];
  jobId: ReferralDialogProps['jobId'];
  onClose: () => void;
  onCreated: ReferralDialogProps['onCreated'];
}) {
  const navigate = useNavigate();
  const { company } = useSession();
  const jobs = useOpenPositions();
  // The bonus rule is shown before the referral is made (first touch wins, no self-referral).
  const policy = useQuery({ ...bonusPolicyQueryOptions(company?.id ?? ''), enabled: !!company });
  const create = useCreateReferral();
  const form = useForm<CreateReferral, unknown, z.output<typeof createReferralSchema>>({
    resolver: zodResolver(createReferralSchema),
    defaultValues: { talentId: talent?.id ?? '', jobId: initialJobId ?? '', notes: '', candidateNote: '' },
  });
  const jobId = useWatch({ control: form.control, name: 'jobId' });
  const openJobs = jobs.data ?? [];

  const { errors } = form.formState;
  const onValid = ({ notes, ...values }: z.output<typeof createReferralSchema>) => {
    if (!talent || create.isPending) return;
    const jobTitle = openJobs.find((job) => job.id === values.jobId)?.title ?? 'this job';
    create.mutate(
      { ...values, ...(notes ? { notes } : {}) },
      {
        onSuccess: (referral) => {
          toast.success(REFERRAL_MESSAGES.createdTitle, {
            description: REFERRAL_MESSAGES.created(talent.name, jobTitle),
          });
          onClose();
          if (onCreated) onCreated(referral.id);
          else void navigate(`/referrer-dashboard/referrals/${referral.id}`);
        },
        onError: (error) =>
          toast.error(REFERRAL_MESSAGES.createFailedTitle, {
            // A refusal with a reason the referrer can act on (already referred, job closed) is shown as is.
            description: isApiError(error, 409, 403) ? error.message : REFERRAL_MESSAGES.createFailed,
          }),
      },
    );
  };

  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Refer {talent?.name ?? 'a candidate'}</DialogTitle>
        <DialogDescription>
          Choose one of {company?.name ?? 'your company'}&apos;s open positions. The candidate is asked to confirm
          before the referral goes ahead.
        </DialogDescription>
        {policy.data ? <p className="text-sm text-muted-foreground">{policy.data.rule}</p> : null}
      </DialogHeader>
      <OpenPositionField control={form.control} jobId={jobId} error={errors.jobId?.message} />
      {talent ? <CreditCheck check={{ jobId, talentId: talent.id }} /> : null}
      <ReferralAnswers form={form} required={{ relationship: false, vouch: false }} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!talent || !jobId || create.isPending}>
          {create.isPending ? 'Submitting...' : 'Submit Referral'}
        </Button>
      </DialogFooter>
    </Form>
  );
}
