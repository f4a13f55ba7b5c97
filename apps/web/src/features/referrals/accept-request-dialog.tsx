import { ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  REFERRER_RELATIONSHIP_LABELS,
  REFERRER_RELATIONSHIPS,
  type ReferralRequest,
  type ReferrerRelationship,
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
import { Label } from '@/components/ui/label';
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
  const [note, setNote] = useState('');
  const [relationship, setRelationship] = useState<ReferrerRelationship | null>(null);
  const [missing, setMissing] = useState(false);
  const noteId = useId();
  const errorId = useId();
  const close = () => {
    setNote('');
    setRelationship(null);
    setMissing(false);
    onClose();
  };
  const submit = () => {
    if (!request) return;
    if (!relationship) {
      setMissing(true);
      return;
    }
    accept.mutate(
      { id: request.id, relationship, note: note.trim() || undefined },
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
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Refer {request?.talent.name}</DialogTitle>
            <DialogDescription>
              For {request?.jobTitle} at {request?.companyName}. The company sees your note and how you know them.
            </DialogDescription>
          </DialogHeader>
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
          <fieldset className="grid gap-2" aria-describedby={missing ? errorId : undefined}>
            <legend className="mb-1 text-sm font-medium">How do you know them?</legend>
            {REFERRER_RELATIONSHIPS.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="relationship"
                  value={value}
                  checked={relationship === value}
                  onChange={() => {
                    setRelationship(value);
                    setMissing(false);
                  }}
                  className="size-4 accent-primary"
                />
                {REFERRER_RELATIONSHIP_LABELS[value]}
              </label>
            ))}
            {missing ? (
              <p id={errorId} className="text-sm text-destructive" role="alert">
                Please say how you know the candidate
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>Your note for the company (optional)</Label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              rows={4}
              maxLength={4000}
              placeholder="What makes them a good fit?"
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting...' : 'Accept and refer'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
