import { useQuery } from '@tanstack/react-query';
import { scopedToast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { errorMessage } from '@/lib/api';
import { emailStatusQueryOptions, useResendConfirmation } from './api';

const toast = scopedToast('confirm-email-banner');

/** Asks a signed-in user whose address is not confirmed yet to follow the link we mailed them. */
export function ConfirmEmailBanner() {
  const { user } = useSession();
  const status = useQuery({ ...emailStatusQueryOptions, enabled: !!user });
  const resend = useResendConfirmation();
  if (!user || !status.data || status.data.confirmed) return null;
  return (
    <div role="region" aria-label="Confirm your e-mail address" className="border-b bg-amber-50 text-amber-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p>
          Please confirm your e-mail address: we sent a link to <strong>{status.data.email}</strong>.
        </p>
        <Button
          size="sm"
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (r) => toast.success(r.message),
              onError: (e) => toast.error(errorMessage(e, 'Could not send the link.')),
            })
          }
        >
          Send it again
        </Button>
      </div>
    </div>
  );
}
