import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { REFERRAL_MESSAGES } from '@referwell/shared';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ExternalReferralDialog } from './external-referral-dialog';

/** "Refer someone" with its dialog, for the places a referrer decides (dashboard, a job page). */
export function ReferSomeoneButton({ jobId, ...props }: { jobId?: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...props} onClick={() => setOpen(true)}>
        <UserPlus aria-hidden />
        {REFERRAL_MESSAGES.referSomeone}
      </Button>
      <ExternalReferralDialog open={open} onOpenChange={setOpen} jobId={jobId} />
    </>
  );
}
