import { Link } from 'react-router';
import { MAIL_MESSAGES } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard } from '@/components/auth-card';
import { errorMessage } from '@/lib/api';
import { useSendLinkToken } from '@/lib/use-link-token';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfirmEmail } from './api';

/** Where a confirmation link lands: it confirms at once, no sign-in needed (the token is the proof). */
export function ConfirmEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const confirm = useConfirmEmail();
  const token = useSendLinkToken(confirm.mutate);

  return (
    <AuthCard title="Confirm your e-mail address">
      {confirm.isSuccess ? (
        <Alert>
          <AlertTitle>{MAIL_MESSAGES.emailConfirmed}</AlertTitle>
          <AlertDescription>
            <Link to="/settings" className="font-medium underline">
              Go to your settings
            </Link>
          </AlertDescription>
        </Alert>
      ) : !token || confirm.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{errorMessage(confirm.error, MAIL_MESSAGES.confirmInvalid)}</AlertDescription>
        </Alert>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> Confirming...
        </p>
      )}
    </AuthCard>
  );
}
