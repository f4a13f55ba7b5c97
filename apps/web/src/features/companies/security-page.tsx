import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { companySecurityQueryOptions, useSaveCompanySecurity } from './api';

const toast = scopedToast('security-page');

/** /company-dashboard/security: the company's sign-in rules, for its admins. */
export function SecurityPage() {
  usePageTitle('Security');
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Security</h1>
        <p className="mt-2 text-muted-foreground">How people at {company?.name ?? 'your company'} sign in.</p>
      </header>
      {company && isCompanyAdmin ? (
        <TwoFactorPolicyCard companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>Security settings are for admins</AlertTitle>
          <AlertDescription>Only company administrators can change how people sign in.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function TwoFactorPolicyCard({ companyId }: { companyId: string }) {
  const policy = useQuery(companySecurityQueryOptions(companyId));
  const save = useSaveCompanySecurity(companyId);
  const onChange = (requireTwoFactorForAdmins: boolean) =>
    save.mutate(
      { requireTwoFactorForAdmins },
      {
        onSuccess: () => toast.success(TWO_FACTOR_MESSAGES.policySaved),
        onError: (error) => toast.error(errorMessage(error, AUTH_MESSAGES.unknownError)),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Two-factor authentication</CardTitle>
        <CardDescription>
          Admins see candidates’ data and pay bonuses. When required, an admin without two-factor is asked to set it up
          (in <Link to={`/${APP_ROUTES.settings}#two-factor`}>Settings</Link>) before anything else.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : policy.isError ? (
          <LoadError
            title="Could not load the security settings"
            message={policy.error.message}
            onRetry={() => void policy.refetch()}
          />
        ) : (
          <div className="flex items-start gap-3">
            <Checkbox
              id="require-two-factor"
              checked={policy.data.requireTwoFactorForAdmins}
              disabled={save.isPending}
              onCheckedChange={(checked) => onChange(checked === true)}
            />
            <Label htmlFor="require-two-factor" className="leading-snug">
              Require two-factor authentication for admins
            </Label>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
