import { SSO_MESSAGES } from '@referwell/shared';
import { AuthCard } from '@/components/auth-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useSendLinkToken } from '@/lib/use-link-token';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyDomainLink } from './api';

/** Where a domain verification link lands (issue 34): it verifies at once, no sign-in needed (the token is the proof). */
export function VerifyDomainPage() {
  usePageTitle('Verify a domain');
  const verify = useVerifyDomainLink();
  const token = useSendLinkToken(verify.mutate);

  return (
    <AuthCard title="Verify a domain">
      {verify.isSuccess ? (
        <Alert role="status">
          <AlertTitle>Domain verified</AlertTitle>
          <AlertDescription>{SSO_MESSAGES.verifyLinkDone}</AlertDescription>
        </Alert>
      ) : !token || verify.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>{errorMessage(verify.error, SSO_MESSAGES.verifyLinkInvalid)}</AlertDescription>
        </Alert>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> Verifying...
        </p>
      )}
    </AuthCard>
  );
}
