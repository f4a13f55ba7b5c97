import { ExternalLink } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { acceptReferralRequestSchema, type AcceptReferralRequest, type ReferralRequest } from '@referwell/shared';
import { BonusOfferText } from '@/components/bonus-offer';
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
import { errorMessage } from '@/lib/api';
import { useAcceptReferralRequest } from './api';
import { ReferralAnswers } from './referral-fields';

const toast = scopedToast('accept-request-dialog');

/**
 * Accepting a referral request: the referrer says how they know the candidate and how well they vouch, with a note
 * for the hiring team only and one the candidate sees. The profile link opens before deciding.
 */
export function AcceptRequestDialog({ request, onClose }: { request: ReferralRequest | null; onClose: () => void }) {
  const navigate = useNavigate();
  const accept = useAcceptReferralRequest();
  const form = useForm<AcceptReferralRequest, unknown, z.output<typeof acceptReferralRequestSchema>>({
    resolver: zodResolver(acceptReferralRequestSchema),
    defaultValues: { note: '', candidateNote: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const onValid = ({ relationship, vouch, note, candidateNote }: z.output<typeof acceptReferralRequestSchema>) => {
    if (!request) return;
    accept.mutate(
      { id: request.id, relationship, vouch, note: note || undefined, candidateNote },
      {
        onSuccess: (answered) => {
          toast.success('Request accepted', {
            description: `You referred ${request.talent.name} for ${request.jobTitle}.`,
          });
          close();
          if (answered.referralId) void navigate(`/referrer-dashboard/referrals/${answered.referralId}`);
        },
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Something went wrong. Please try again.'),
          }),
      },
    );
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-[500px]">
        <Form form={form} onValid={onValid} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Refer {request?.talent.name}</DialogTitle>
            <DialogDescription>
              For {request?.jobTitle} at {request?.companyName}. The hiring team sees how you know them and both notes;
              the candidate sees only the note meant for them.
            </DialogDescription>
          </DialogHeader>
          {request ? (
            <p className="text-sm">
              <span className="text-muted-foreground">Referral bonus: </span>
              <BonusOfferText offer={request.bonus} />
            </p>
          ) : null}
          {request ? (
            <Link
              to={`/view-talent-profile/${request.talent.id}`}
              target="_blank"
              className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
            >
              View {request.talent.name}&apos;s profile
              <ExternalLink className="size-3" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </Link>
          ) : null}
          <ReferralAnswers form={form} teamNote="note" required={{ relationship: true, vouch: false }} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting...' : 'Accept and refer'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
