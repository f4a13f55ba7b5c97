import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Lock } from 'lucide-react';
import { Link } from 'react-router';
import {
  addPortalHostSchema,
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  portalSettingsUpdateSchema,
  type PortalHost,
  type PortalSettings,
  type PortalSettingsUpdate,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useCapability } from '@/lib/plan';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  portalSettingsQueryOptions,
  useAddHost,
  useRemoveHost,
  useRemoveLogo,
  useSavePortal,
  useUploadLogo,
  useVerifyHost,
} from './api';

const toast = scopedToast('portal-settings');

/** /company-dashboard/portal: the company's careers portal (Enterprise), for its admins. */
export function PortalSettingsPage() {
  usePageTitle(PORTAL_MESSAGES.settingsTitle);
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{PORTAL_MESSAGES.settingsTitle}</h1>
        <p className="mt-2 text-muted-foreground">{PORTAL_MESSAGES.settingsIntro}</p>
      </header>
      {company && isCompanyAdmin ? (
        <PlanGate companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>{PORTAL_MESSAGES.settingsTitle}</AlertTitle>
          <AlertDescription>{PORTAL_MESSAGES.adminsOnly}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function PlanGate({ companyId }: { companyId: string }) {
  const view = useCapability('branded_portal', 'view');
  if (view.isLoading) return <Skeleton className="h-48 w-full" aria-busy />;
  if (!view.allowed)
    return (
      <Alert role="status">
        <Lock aria-hidden />
        <AlertTitle>{PORTAL_MESSAGES.planTitle}</AlertTitle>
        <AlertDescription>
          <p>{view.reason}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/company-dashboard/billing">{PORTAL_MESSAGES.planLink}</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  return <SettingsBody companyId={companyId} />;
}

function SettingsBody({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(portalSettingsQueryOptions(companyId));
  const canChange = useCapability('branded_portal').allowed;
  if (isPending) return <Skeleton className="h-96 w-full" aria-busy />;
  if (isError)
    return <LoadError title={PORTAL_MESSAGES.loadFailed} message={error.message} onRetry={() => void refetch()} />;
  return (
    <div className="grid gap-6">
      <p>
        <a className="inline-flex items-center gap-1 font-medium text-primary hover:underline" href={data.path}>
          {PORTAL_MESSAGES.viewPortal} ({data.path})
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </p>
      <BrandingCard companyId={companyId} settings={data} disabled={!canChange} />
      <LogoCard companyId={companyId} settings={data} disabled={!canChange} />
      <HostsCard companyId={companyId} hosts={data.hosts} disabled={!canChange} />
    </div>
  );
}

function BrandingCard({
  companyId,
  settings,
  disabled,
}: {
  companyId: string;
  settings: PortalSettings;
  disabled: boolean;
}) {
  const save = useSavePortal(companyId);
  const form = useForm<PortalSettingsUpdate>({
    resolver: zodResolver(portalSettingsUpdateSchema),
    defaultValues: { enabled: settings.enabled, brandColor: settings.brandColor, intro: settings.intro ?? '' },
  });
  const { errors } = form.formState;
  const color = useWatch({ control: form.control, name: 'brandColor' });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PORTAL_MESSAGES.brandingTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          guardUnsaved
          className="grid gap-4"
          onValid={(values) =>
            save.mutate(values, {
              onSuccess: (saved) => {
                toast.success(PORTAL_MESSAGES.saved);
                form.reset({ enabled: saved.enabled, brandColor: saved.brandColor, intro: saved.intro ?? '' });
              },
              onError: (failure) => {
                for (const [name, message] of Object.entries(fieldErrors(failure)))
                  form.setError(name as keyof PortalSettingsUpdate, { message });
                toast.error(PORTAL_MESSAGES.saveFailed, {
                  description: errorMessage(failure, PORTAL_MESSAGES.tryAgain),
                });
              },
            })
          }
        >
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id="portal-enabled"
                  checked={field.value}
                  disabled={disabled}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby="portal-enabled-hint"
                />
                <div>
                  <Label htmlFor="portal-enabled">{PORTAL_MESSAGES.enabledLabel}</Label>
                  <p id="portal-enabled-hint" className="text-sm text-muted-foreground">
                    {PORTAL_MESSAGES.enabledHint}
                  </p>
                </div>
              </div>
            )}
          />
          <FormField
            id="portal-brand-color"
            label={PORTAL_MESSAGES.colorLabel}
            hint={PORTAL_MESSAGES.colorHint}
            error={errors.brandColor?.message}
          >
            {(c) => (
              <div className="flex items-center gap-3">
                <Input {...c} className="max-w-40 font-mono" disabled={disabled} {...form.register('brandColor')} />
                <span
                  aria-hidden
                  className="inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold text-white"
                  style={{ background: /^#[0-9a-f]{6}$/i.test(color) ? color : 'transparent' }}
                >
                  Aa
                </span>
              </div>
            )}
          </FormField>
          <FormField
            id="portal-intro"
            label={PORTAL_MESSAGES.introLabel}
            hint={PORTAL_MESSAGES.introHint}
            error={errors.intro?.message}
          >
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                maxLength={PORTAL_LIMITS.introMax}
                disabled={disabled}
                {...form.register('intro')}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={disabled || save.isPending}>
              {save.isPending ? PORTAL_MESSAGES.saving : PORTAL_MESSAGES.save}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function LogoCard({
  companyId,
  settings,
  disabled,
}: {
  companyId: string;
  settings: PortalSettings;
  disabled: boolean;
}) {
  const upload = useUploadLogo(companyId);
  const remove = useRemoveLogo(companyId);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PORTAL_MESSAGES.logoLabel}</CardTitle>
        <CardDescription>{PORTAL_MESSAGES.logoHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.logoUrl ? (
          <img src={settings.logoUrl} alt={PORTAL_MESSAGES.logoAlt} className="max-h-16 w-auto self-start" />
        ) : (
          <p className="text-sm text-muted-foreground">{PORTAL_MESSAGES.noLogo}</p>
        )}
        <FormField id="portal-logo" label={PORTAL_MESSAGES.chooseLogo} error={problem ?? undefined}>
          {(c) => (
            <Input
              {...c}
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={disabled || upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setProblem(null);
                upload.mutate(file, {
                  onSuccess: () => toast.success(PORTAL_MESSAGES.logoUploaded),
                  onError: (failure) => setProblem(errorMessage(failure, PORTAL_MESSAGES.logoUnsupported)),
                  onSettled: () => {
                    if (input.current) input.current.value = '';
                  },
                });
              }}
            />
          )}
        </FormField>
        {settings.logoUrl ? (
          <div>
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={disabled || remove.isPending}>
                  {PORTAL_MESSAGES.removeLogo}
                </Button>
              }
              title={PORTAL_MESSAGES.removeLogoTitle}
              description={PORTAL_MESSAGES.removeLogoBody}
              confirmLabel={PORTAL_MESSAGES.removeLogo}
              destructive
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(PORTAL_MESSAGES.logoRemoved),
                  onError: (failure) => toast.error(errorMessage(failure, PORTAL_MESSAGES.removeLogoFailed)),
                })
              }
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function HostsCard({ companyId, hosts, disabled }: { companyId: string; hosts: PortalHost[]; disabled: boolean }) {
  const add = useAddHost(companyId);
  const form = useForm({ resolver: zodResolver(addPortalHostSchema), defaultValues: { host: '' } });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PORTAL_MESSAGES.hostsTitle}</CardTitle>
        <CardDescription>{PORTAL_MESSAGES.hostsIntro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form
          form={form}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onValid={(values) =>
            add.mutate(values.host, {
              onSuccess: () => {
                toast.success(PORTAL_MESSAGES.hostAdded);
                form.reset({ host: '' });
              },
              onError: (failure) =>
                form.setError('host', {
                  message: fieldErrors(failure).host ?? errorMessage(failure, PORTAL_MESSAGES.tryAgain),
                }),
            })
          }
        >
          <FormField
            id="portal-host"
            className="flex-1"
            label={PORTAL_MESSAGES.hostLabel}
            error={form.formState.errors.host?.message}
          >
            {(c) => <Input {...c} placeholder="careers.example.com" disabled={disabled} {...form.register('host')} />}
          </FormField>
          <Button type="submit" disabled={disabled || add.isPending}>
            {PORTAL_MESSAGES.addHost}
          </Button>
        </Form>
        {hosts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PORTAL_MESSAGES.noHosts}</p>
        ) : (
          <ul className="grid gap-3">
            {hosts.map((host) => (
              <HostRow key={host.id} companyId={companyId} host={host} disabled={disabled} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function HostRow({ companyId, host, disabled }: { companyId: string; host: PortalHost; disabled: boolean }) {
  const verify = useVerifyHost(companyId);
  const remove = useRemoveHost(companyId);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <li className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{host.host}</span>
        <Badge variant={host.verified ? 'completed' : 'pending'}>
          {host.verified ? PORTAL_MESSAGES.verified : PORTAL_MESSAGES.pending}
        </Badge>
      </div>
      {host.verified && !host.lastCheckMissed ? null : (
        <div className="grid gap-1 text-sm">
          <p>{host.verified ? PORTAL_MESSAGES.lastCheckMissed : PORTAL_MESSAGES.txtInstructions}</p>
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="text-muted-foreground">{PORTAL_MESSAGES.txtName}</dt>
            <dd className="font-mono break-all">{host.txtName}</dd>
            <dt className="text-muted-foreground">{PORTAL_MESSAGES.txtValue}</dt>
            <dd className="font-mono break-all">{host.txtValue}</dd>
          </dl>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {host.verified ? null : (
          <Button
            size="sm"
            disabled={disabled || verify.isPending}
            onClick={() => {
              setProblem(null);
              verify.mutate(host.id, {
                onSuccess: () => toast.success(PORTAL_MESSAGES.hostVerified),
                onError: (failure) => setProblem(errorMessage(failure, PORTAL_MESSAGES.tryAgain)),
              });
            }}
          >
            {verify.isPending ? PORTAL_MESSAGES.checking : PORTAL_MESSAGES.verifyHost}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="outline"
              disabled={disabled || remove.isPending}
              aria-label={`${PORTAL_MESSAGES.removeHost} ${host.host}`}
            >
              {PORTAL_MESSAGES.removeHost}
            </Button>
          }
          title={PORTAL_MESSAGES.removeHostTitle(host.host)}
          description={host.verified ? PORTAL_MESSAGES.removeVerifiedHost : PORTAL_MESSAGES.removePendingHost}
          descriptionClassName="wrap-anywhere"
          confirmLabel={PORTAL_MESSAGES.removeHost}
          destructive
          onConfirm={() =>
            // mutateAsync: the row unmounts once removed, and the toast outlives it.
            void remove.mutateAsync(host.id).then(
              () => toast.success(PORTAL_MESSAGES.hostRemoved),
              (failure: Error) => setProblem(errorMessage(failure, PORTAL_MESSAGES.tryAgain)),
            )
          }
        />
      </div>
    </li>
  );
}
