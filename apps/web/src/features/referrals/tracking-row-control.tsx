import { useState } from 'react';
import { scopedToast } from '@/lib/toast';
import { TRACKING_STATUSES, type CandidateIds, type TrackingStatus } from '@referwell/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useSetTracking } from './api';
import { DeclineReasonDialog, type DeclineReasonAnswer } from './decline-reason-dialog';
import { useChangeToast } from './pipeline-parts';
import { OfferDialog } from './offer-dialog';
import { StartDateDialog } from './start-date-dialog';

const toast = scopedToast('tracking-row-control');

const ACTIONS = ['Contact', 'Decline'] as const;

/** 'Action' (Contact / Decline) on the applications and matches; a tracking status once in progress. */
export function RowControl({
  jobId,
  candidate,
  status,
  mode,
}: {
  jobId: string;
  candidate: { id: string; name: string };
  status: TrackingStatus | undefined;
  mode: 'action' | 'status';
}) {
  const setTracking = useSetTracking(jobId);
  const changeToast = useChangeToast();
  const [askingStartDate, setAskingStartDate] = useState(false);
  const [askingReason, setAskingReason] = useState(false);
  // Admins may add a date of birth or NPI for the exclusion screening that Offer runs (issue 36).
  const { isCompanyAdmin } = useSession();
  const [askingIds, setAskingIds] = useState(false);
  const save = (
    next: TrackingStatus,
    toastTitle?: string,
    startDate?: string,
    decline?: DeclineReasonAnswer,
    ids?: CandidateIds,
  ) =>
    setTracking.mutate(
      { talentId: candidate.id, status: next, startDate, ids, ...decline },
      {
        onSuccess: (entry) =>
          changeToast(
            toastTitle ?? 'Status updated',
            next === 'Decline'
              ? `${candidate.name} was removed from Talent Tracking.`
              : toastTitle
                ? `${candidate.name} is now in Talent Tracking.`
                : `${candidate.name}: ${next}`,
            entry.undoable,
          ),
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Failed to update tracking. Please try again.'),
          }),
      },
    );

  // Declining asks why first (the referrer is told the category).
  const reasonDialog = (
    <DeclineReasonDialog
      name={candidate.name}
      open={askingReason}
      onOpenChange={setAskingReason}
      onConfirm={(answer) => {
        setAskingReason(false);
        save('Decline', 'Removed from Progress', undefined, answer);
      }}
    />
  );

  if (mode === 'status' || status) {
    return (
      <>
        {reasonDialog}
        <StartDateDialog
          name={candidate.name}
          open={askingStartDate}
          onOpenChange={setAskingStartDate}
          onConfirm={(startDate) => {
            setAskingStartDate(false);
            save('Hired', undefined, startDate);
          }}
        />
        {isCompanyAdmin ? (
          <OfferDialog
            name={candidate.name}
            open={askingIds}
            onOpenChange={setAskingIds}
            onConfirm={(ids) => {
              setAskingIds(false);
              save('Offer', undefined, undefined, undefined, ids);
            }}
          />
        ) : null}
        <Select
          value={status ?? ''}
          onValueChange={(value) => {
            const next = value as TrackingStatus;
            if (next === 'Hired') setAskingStartDate(true);
            else if (next === 'Offer' && isCompanyAdmin) setAskingIds(true);
            else if (next === 'Decline') setAskingReason(true);
            else save(next);
          }}
          disabled={setTracking.isPending}
        >
          <SelectTrigger className="h-9" aria-label={`Tracking status of ${candidate.name}`}>
            <SelectValue placeholder="Set Status" />
          </SelectTrigger>
          <SelectContent>
            {TRACKING_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {value}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </>
    );
  }
  return (
    <>
      {reasonDialog}
      <Select
        value=""
        onValueChange={(value) => {
          if (value === 'Contact') save('Contacted', 'Added to Progress');
          else setAskingReason(true);
        }}
        disabled={setTracking.isPending}
      >
        <SelectTrigger className="h-9" aria-label={`Action for ${candidate.name}`}>
          <SelectValue placeholder="Select" />
        </SelectTrigger>
        <SelectContent>
          {ACTIONS.map((action) => (
            <SelectItem key={action} value={action}>
              {action}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </>
  );
}
