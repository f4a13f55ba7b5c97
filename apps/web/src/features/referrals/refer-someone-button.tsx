import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { REFERRAL_MESSAGES } from '@referwell/shared';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ExternalReferralDialog, type ReferredPerson } from './external-referral-dialog';

/**
 * "Refer someone" with its dialog, for the places a referrer decides (dashboard, a job page, a LinkedIn connection
 * who fits a role: `person` fills in what is known of them).
 */
export function ReferSomeoneButton({
  jobId,
  person,
  ...props
}: { jobId?: string; person?: ReferredPerson } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        <UserPlus aria-hidden />
        {REFERRAL_MESSAGES.referSomeone}
      </Button>
      <ExternalReferralDialog open={open} onOpenChange={setOpen} jobId={jobId} person={person} />
    </>
  );
}
