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
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { SingleSignOnSettings } from '@/features/auth/port';
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { CopyableCode } from '@/components/copyable-code';
import { Button } from '@/components/ui/button';
import { useCapability } from '@/lib/plan';
import {
  companySecurityQueryOptions,
  scimSettingsQueryOptions,
  useCreateScimToken,
  useSaveCompanySecurity,
} from './api';

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
        <>
          <SingleSignOnSettings companyId={company.id} />
          <TwoFactorPolicyCard companyId={company.id} />
          <ScimCard companyId={company.id} />
        </>
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
        <p className="mt-4 text-sm text-muted-foreground">{TWO_FACTOR_MESSAGES.ssoSkipsCode}</p>
      </CardContent>
    </Card>
  );
}

/** SCIM provisioning: the base URL and a bearer token for the identity provider (Okta, Entra), shown once. */
function ScimCard({ companyId }: { companyId: string }) {
  const capability = useCapability('sso_scim');
  const settings = useQuery({ ...scimSettingsQueryOptions(companyId), enabled: capability.allowed });
  const create = useCreateScimToken(companyId);
  const [token, setToken] = useState<string | null>(null);
  const data = settings.data;
  const makeToken = () =>
    create.mutate(
      {},
      {
        onSuccess: (answer) => setToken(answer.token),
        onError: (error) => toast.error(errorMessage(error, AUTH_MESSAGES.unknownError)),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Provisioning (SCIM 2.0)</CardTitle>
        <CardDescription>
          Let your identity provider (Okta, Microsoft Entra ID) add, update and deactivate members. Deactivated members
          are signed out everywhere at once; their referrals and bonuses stay. Members of the identity provider’s group
          named below become admins.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {capability.isLoading || (capability.allowed && settings.isPending) ? (
          <Skeleton className="h-10 w-64" />
        ) : !capability.allowed ? (
          <Alert role="status">
            <AlertDescription>
              {capability.reason} <Link to={`/${APP_ROUTES.billing}`}>Plan and billing</Link>
            </AlertDescription>
          </Alert>
        ) : !data ? (
          <LoadError
            title="Could not load the provisioning settings"
            message={settings.error?.message ?? AUTH_MESSAGES.unknownError}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <>
            <CopyableCode
              id="scim-base-url"
              code={data.baseUrl}
              label="SCIM base URL"
              toastTitle="Base URL copied"
              toastDescription="Paste it into your identity provider."
            />
            <p className="text-sm">
              Admin group: <strong>{data.adminGroup}</strong>.{' '}
              {data.hasToken && data.createdAt ? `A token was made on ${formatDate(data.createdAt)}.` : 'No token yet.'}
            </p>
            {token ? (
              <CopyableCode
                id="scim-token"
                code={token}
                label="Bearer token (shown once)"
                toastTitle="Token copied"
                toastDescription="Paste it into your identity provider; it is not shown again."
              />
            ) : null}
            <Button variant="outline" className="w-full sm:w-fit" onClick={makeToken} disabled={create.isPending}>
              <KeyRound aria-hidden />
              {data.hasToken ? 'Make a new token' : 'Make a token'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
