import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Globe, Lock } from 'lucide-react';
import {
  addSsoDomainSchema,
  connectionInputOf,
  SSO_MESSAGES,
  ssoConnectionFormSchema,
  ssoDomainMailSchema,
  type AddSsoDomain,
  type SsoConnection,
  type SsoConnectionForm,
  type SsoDomain,
  type SsoDomainMail,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, lazyZodResolver } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useCapability } from '@/lib/plan';
import { scopedToast } from '@/lib/toast';
import { ssoConnectionQueryOptions, ssoDomainsQueryOptions, useSaveSsoConnection, useSsoDomainActions } from './api';

const toast = scopedToast('security');

/**
 * Single sign-on on the company's security page (companies/security-page.tsx, through this feature's port): its
 * verified e-mail domains and identity provider, for an admin whose plan includes them.
 */
export function SingleSignOnSettings({ companyId }: { companyId: string }) {
  const capability = useCapability('sso_scim', 'view');
  if (capability.isLoading) return <Skeleton className="h-40 w-full" />;
  if (!capability.allowed)
    return (
      <Alert role="status">
        <Lock aria-hidden />
        <AlertTitle>Single sign-on is part of the Enterprise License</AlertTitle>
        <AlertDescription>
          <p>{capability.reason}</p>
          <Link to="/company-dashboard/billing" className="font-medium underline">
            See plans
          </Link>
        </AlertDescription>
      </Alert>
    );
  return (
    <>
      <Domains companyId={companyId} />
      <IdentityProvider companyId={companyId} />
    </>
  );
}

function Domains({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(ssoDomainsQueryOptions(companyId));
  const actions = useSsoDomainActions(companyId);
  const form = useForm<AddSsoDomain>({
    resolver: lazyZodResolver(() => Promise.resolve(addSsoDomainSchema)),
    defaultValues: { domain: '' },
  });
  const onValid = (body: AddSsoDomain) =>
    actions.add.mutate(body, {
      onSuccess: () => {
        toast.success(SSO_MESSAGES.domainAdded);
        form.reset();
      },
      onError: (e) => form.setError('domain', { message: errorMessage(e, SSO_MESSAGES.domainInvalid) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{SSO_MESSAGES.domainsHeading}</CardTitle>
        <CardDescription>
          People whose work e-mail is on a verified domain are sent to your identity provider when they log in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Form form={form} onValid={onValid} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            id="sso-domain"
            label={SSO_MESSAGES.domainLabel}
            error={form.formState.errors.domain?.message}
            className="flex-1"
          >
            {(control) => (
              <Input {...control} placeholder={SSO_MESSAGES.domainPlaceholder} {...form.register('domain')} />
            )}
          </FormField>
          <Button type="submit" disabled={actions.add.isPending}>
            {SSO_MESSAGES.addDomain}
          </Button>
        </Form>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load your domains"
            message={errorMessage(error, 'Please try again.')}
            onRetry={() => void refetch()}
          />
        ) : data.items.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            {SSO_MESSAGES.domainsEmpty}
          </p>
        ) : (
          <ul className="grid gap-4" aria-label={SSO_MESSAGES.domainsHeading}>
            {data.items.map((domain) => (
              <DomainItem key={domain.id} companyId={companyId} domain={domain} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DomainItem({ companyId, domain }: { companyId: string; domain: SsoDomain }) {
  const actions = useSsoDomainActions(companyId);
  const mailForm = useForm<SsoDomainMail>({
    resolver: lazyZodResolver(() => Promise.resolve(ssoDomainMailSchema)),
    defaultValues: { localPart: 'postmaster' },
  });
  const checkDns = () =>
    actions.checkDns.mutate(domain.id, {
      onSuccess: () => toast.success(SSO_MESSAGES.dnsVerified),
      onError: (e) => toast.error(errorMessage(e, SSO_MESSAGES.dnsFailed)),
    });
  const sendMail = (body: SsoDomainMail) =>
    actions.mail.mutate(
      { domainId: domain.id, ...body },
      {
        onSuccess: () => toast.success(SSO_MESSAGES.mailSent),
        onError: (e) =>
          mailForm.setError('localPart', { message: errorMessage(e, SSO_MESSAGES.mailAddressNotOnDomain) }),
      },
    );
  const remove = () =>
    // mutateAsync: the row unmounts once removed, and the toast outlives it (mutate's own callbacks would not run).
    void actions.remove.mutateAsync(domain.id).then(
      () => toast.success(SSO_MESSAGES.domainRemoved),
      (e: Error) => toast.error(errorMessage(e, 'Could not remove the domain.')),
    );

  return (
    <li className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Globe aria-hidden className="size-4 text-muted-foreground" />
        <span className="font-medium break-all">{domain.domain}</span>
        <Badge variant={domain.verified ? 'completed' : 'pending'}>
          {domain.verified ? SSO_MESSAGES.verified : SSO_MESSAGES.pending}
        </Badge>
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              disabled={actions.remove.isPending}
              aria-label={`${SSO_MESSAGES.removeDomain} ${domain.domain}`}
            >
              {SSO_MESSAGES.removeDomain}
            </Button>
          }
          title={SSO_MESSAGES.removeDomainTitle(domain.domain)}
          description={domain.verified ? SSO_MESSAGES.removeVerifiedDomain : SSO_MESSAGES.removePendingDomain}
          descriptionClassName="wrap-anywhere"
          confirmLabel={SSO_MESSAGES.removeDomain}
          destructive
          onConfirm={remove}
        />
      </div>
      {domain.verified ? null : (
        <>
          <div className="grid gap-2 text-sm">
            <p>{SSO_MESSAGES.dnsInstructions}</p>
            <dl className="grid gap-1 rounded-md bg-muted p-3 font-mono text-xs break-all">
              <div>
                <dt className="inline font-semibold">Name: </dt>
                <dd className="inline">{domain.txtRecord.name}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Type: </dt>
                <dd className="inline">TXT</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Value: </dt>
                <dd className="inline">{domain.txtRecord.value}</dd>
              </div>
            </dl>
            <Button variant="outline" className="w-fit" onClick={checkDns} disabled={actions.checkDns.isPending}>
              {SSO_MESSAGES.checkDns}
            </Button>
          </div>
          <Form form={mailForm} onValid={sendMail} className="grid gap-2 text-sm">
            <p>{SSO_MESSAGES.mailInstructions}</p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <FormField
                id={`sso-mail-${domain.id}`}
                label={SSO_MESSAGES.mailLocalPartLabel}
                error={mailForm.formState.errors.localPart?.message}
                className="flex-1"
              >
                {(control) => (
                  <div className="flex items-center gap-1">
                    <Input {...control} {...mailForm.register('localPart')} />
                    <span className="text-muted-foreground break-all">@{domain.domain}</span>
                  </div>
                )}
              </FormField>
              <Button type="submit" variant="outline" disabled={actions.mail.isPending}>
                {SSO_MESSAGES.sendMail}
              </Button>
            </div>
          </Form>
        </>
      )}
    </li>
  );
}

const formValuesOf = (connection: SsoConnection): SsoConnectionForm => ({
  protocol: connection.protocol ?? 'oidc',
  issuer: connection.oidc?.issuer ?? '',
  clientId: connection.oidc?.clientId ?? '',
  clientSecret: '',
  entryPoint: connection.saml?.entryPoint ?? '',
  idpIssuer: connection.saml?.idpIssuer ?? '',
  certificate: connection.saml?.certificate ?? '',
  adminGroups: connection.adminGroups.join('\n'),
  enabled: connection.enabled,
  requireSso: connection.requireSso,
});

function IdentityProvider({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(ssoConnectionQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{SSO_MESSAGES.connectionHeading}</CardTitle>
        <CardDescription>
          OpenID Connect (Okta, Microsoft Entra ID, Google Workspace, Auth0, Keycloak, …).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load your identity provider"
            message={errorMessage(error, 'Please try again.')}
            onRetry={() => void refetch()}
          />
        ) : (
          <ConnectionForm companyId={companyId} connection={data} />
        )}
      </CardContent>
    </Card>
  );
}

function ConnectionForm({ companyId, connection }: { companyId: string; connection: SsoConnection }) {
  const save = useSaveSsoConnection(companyId);
  const form = useForm<SsoConnectionForm>({
    resolver: lazyZodResolver(() => Promise.resolve(ssoConnectionFormSchema)),
    defaultValues: formValuesOf(connection),
  });
  const { errors } = form.formState;
  const protocol = useWatch({ control: form.control, name: 'protocol' });
  useEffect(() => form.reset(formValuesOf(connection)), [connection, form]);
  const onValid = (values: SsoConnectionForm) =>
    save.mutate(connectionInputOf(values), {
      onSuccess: () => toast.success(SSO_MESSAGES.connectionSaved),
      onError: (e) => {
        const fields = fieldErrors(e);
        const message = errorMessage(e, 'Could not save.');
        if (fields['oidc.clientSecret']) form.setError('clientSecret', { message: fields['oidc.clientSecret'] });
        else if (fields['saml.certificate']) form.setError('certificate', { message: fields['saml.certificate'] });
        else if (fields.enabled) form.setError('enabled', { message: fields.enabled });
        else if (fields.requireSso) form.setError('requireSso', { message: fields.requireSso });
        else toast.error(message);
      },
    });

  return (
    <Form form={form} onValid={onValid} guardUnsaved className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{SSO_MESSAGES.protocolLabel}</legend>
        {(['oidc', 'saml'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" value={value} className="size-4" {...form.register('protocol')} />
            {value === 'oidc' ? SSO_MESSAGES.protocolOidc : SSO_MESSAGES.protocolSaml}
          </label>
        ))}
      </fieldset>
      {protocol === 'oidc' ? (
        <>
          <FormField id="sso-redirect-uri" label={SSO_MESSAGES.callbackUrlLabel}>
            {(control) => (
              <Input {...control} readOnly value={connection.oidcRedirectUri} className="font-mono text-xs" />
            )}
          </FormField>
          <FormField id="sso-issuer" label={SSO_MESSAGES.issuerLabel} error={errors.issuer?.message}>
            {(control) => (
              <Input {...control} type="url" placeholder="https://login.example.com" {...form.register('issuer')} />
            )}
          </FormField>
          <FormField id="sso-client-id" label={SSO_MESSAGES.clientIdLabel} error={errors.clientId?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('clientId')} />}
          </FormField>
          <FormField
            id="sso-client-secret"
            label={SSO_MESSAGES.clientSecretLabel}
            hint={connection.oidc?.hasClientSecret ? SSO_MESSAGES.clientSecretKept : undefined}
            error={errors.clientSecret?.message}
          >
            {(control) => (
              <Input {...control} type="password" autoComplete="new-password" {...form.register('clientSecret')} />
            )}
          </FormField>
        </>
      ) : (
        <>
          <FormField id="sso-acs-url" label={SSO_MESSAGES.acsUrlLabel}>
            {(control) => <Input {...control} readOnly value={connection.samlAcsUrl} className="font-mono text-xs" />}
          </FormField>
          <FormField id="sso-entity-id" label={SSO_MESSAGES.entityIdLabel}>
            {(control) => <Input {...control} readOnly value={connection.samlEntityId} className="font-mono text-xs" />}
          </FormField>
          <FormField id="sso-entry-point" label={SSO_MESSAGES.samlEntryPointLabel} error={errors.entryPoint?.message}>
            {(control) => <Input {...control} type="url" {...form.register('entryPoint')} />}
          </FormField>
          <FormField id="sso-idp-issuer" label={SSO_MESSAGES.samlIssuerLabel} error={errors.idpIssuer?.message}>
            {(control) => <Input {...control} {...form.register('idpIssuer')} />}
          </FormField>
          <FormField id="sso-certificate" label={SSO_MESSAGES.samlCertificateLabel} error={errors.certificate?.message}>
            {(control) => (
              <Textarea {...control} rows={5} className="font-mono text-xs" {...form.register('certificate')} />
            )}
          </FormField>
        </>
      )}
      <FormField id="sso-admin-groups" label={SSO_MESSAGES.groupRolesLabel} error={errors.adminGroups?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('adminGroups')} />}
      </FormField>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1 size-4" {...form.register('enabled')} />
        <span>{SSO_MESSAGES.enabledLabel}</span>
      </label>
      {errors.enabled?.message ? <p className="text-sm text-destructive">{errors.enabled.message}</p> : null}
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1 size-4" {...form.register('requireSso')} />
        <span>{SSO_MESSAGES.requireSsoLabel}</span>
      </label>
      {errors.requireSso?.message ? <p className="text-sm text-destructive">{errors.requireSso.message}</p> : null}
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {SSO_MESSAGES.saveConnection}
      </Button>
    </Form>
  );
}
