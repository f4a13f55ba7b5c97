import { ExternalLink } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import {
  acceptReferralRequestSchema,
  REFERRER_RELATIONSHIP_LABELS,
  REFERRER_RELATIONSHIPS,
  type AcceptReferralRequest,
  type ReferralRequest,
} from '@referwell/shared';
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
import { Form, FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { useAcceptReferralRequest } from './api';

const toast = scopedToast('accept-request-dialog');

/**
 * Accepting a referral request: the referrer says how they know the candidate and adds a note of their own,
 * both shown to the company (the candidate's message stays theirs). The profile link opens before deciding.
 */
export function AcceptRequestDialog({ request, onClose }: { request: ReferralRequest | null; onClose: () => void }) {
  const navigate = useNavigate();
  const accept = useAcceptReferralRequest();
  const form = useForm<AcceptReferralRequest, unknown, z.output<typeof acceptReferralRequestSchema>>({
    resolver: zodResolver(acceptReferralRequestSchema),
    defaultValues: { note: '' },
  });
  const relationshipError = form.formState.errors.relationship?.message;
  const errorId = useId();
  const close = () => {
    form.reset();
    onClose();
  };
  const onValid = ({ relationship, note }: z.output<typeof acceptReferralRequestSchema>) => {
    if (!request) return;
    accept.mutate(
      { id: request.id, relationship, note: note || undefined },
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
              For {request?.jobTitle} at {request?.companyName}. The company sees your note and how you know them.
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
          <fieldset className="grid gap-2" aria-describedby={relationshipError ? errorId : undefined}>
            <legend className="mb-1 text-sm font-medium">How do you know them?</legend>
            {REFERRER_RELATIONSHIPS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-primary"
                  {...form.register('relationship')}
                />
                {REFERRER_RELATIONSHIP_LABELS[value]}
              </label>
            ))}
            {relationshipError ? (
              <p id={errorId} className="text-sm text-destructive" role="alert">
                {relationshipError}
              </p>
            ) : null}
          </fieldset>
          <FormField label="Your note for the company (optional)" error={form.formState.errors.note?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={4000}
                placeholder="What makes them a good fit?"
                {...form.register('note')}
              />
            )}
          </FormField>
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
