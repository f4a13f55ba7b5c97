import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  COMPANY_CLAIM_MESSAGES as C,
  JOB_SOURCES_PAGE_TEXT as T,
  platformJobSourceRequestSchema,
  type JobSource,
  type PendingCompanyClaim,
  type PlatformJobSource,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { EmptyState } from '@/components/empty-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fieldErrors, isApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  jobSourcesQueryOptions,
  pendingClaimsQueryOptions,
  useAddJobSource,
  useDecideClaim,
  useRemoveJobSource,
  type SourcesScope,
} from './api';

const toast = scopedToast('job-sources');

/** /company-dashboard/job-sources: a company's admins list, add and remove its careers pages and job boards. */
export function JobSourcesPage() {
  usePageTitle(T.title);
  const { company, isCompanyAdmin } = useSession();
  return (
    <Shell title={T.title} intro={T.intro}>
      {!company || !isCompanyAdmin ? (
        <Alert role="status">
          <AlertDescription>{T.notAdmin}</AlertDescription>
        </Alert>
      ) : (
        <Sources scope={{ companyId: company.id }} />
      )}
    </Shell>
  );
}

/** /admin/job-sources: the platform's admins list boards of companies not on Referwell (the server refuses others). */
export function PlatformJobSourcesPage() {
  usePageTitle(T.platformTitle);
  return (
    <Shell title={T.platformTitle} intro={T.platformIntro}>
      <div className="grid grid-cols-1 gap-6">
        <PendingClaims />
        <Sources scope={{ platform: true }} />
      </div>
    </Shell>
  );
}

function Shell({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-muted-foreground">{intro}</p>
      </header>
      {children}
    </div>
  );
}

function Sources({ scope }: { scope: SourcesScope }) {
  const sources = useQuery(jobSourcesQueryOptions(scope));
  if (sources.isPending)
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (sources.isError)
    return isApiError(sources.error, 403) ? (
      <Alert role="status">
        <AlertDescription>{sources.error.message}</AlertDescription>
      </Alert>
    ) : (
      <Alert variant="destructive">
        <AlertTitle>{T.loadError}</AlertTitle>
        <AlertDescription>
          <p>{sources.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void sources.refetch()}>
            {T.tryAgain}
          </Button>
        </AlertDescription>
      </Alert>
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {sources.data.items.length === 0 ? (
        <EmptyState icon={Rss} title={T.emptyTitle}>
          {T.empty}
        </EmptyState>
      ) : (
        <SourcesTable scope={scope} items={sources.data.items} />
      )}
      <AddSource scope={scope} />
    </div>
  );
}

const isPlatform = (source: JobSource | PlatformJobSource): source is PlatformJobSource => 'companyName' in source;

function SourcesTable({ scope, items }: { scope: SourcesScope; items: (JobSource | PlatformJobSource)[] }) {
  const platform = !('companyId' in scope);
  return (
    <Card>
      <CardContent className="overflow-x-auto p-0 sm:p-2">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{T.columns.source}</TableHead>
              <TableHead className="hidden md:table-cell">{T.columns.lastRead}</TableHead>
              <TableHead className="hidden md:table-cell">{T.columns.nextRead}</TableHead>
              <TableHead className="hidden sm:table-cell">{T.columns.jobs}</TableHead>
              <TableHead>{T.columns.open}</TableHead>
              <TableHead>{T.columns.status}</TableHead>
              <TableHead>
                <span className="sr-only">{T.columns.actions}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((source) => (
              <TableRow key={source.id}>
                <TableCell className="max-w-56 align-top">
                  {platform && isPlatform(source) ? (
                    <Link to={`/company/${source.companySlug}`} className="block font-medium hover:underline">
                      {source.companyName}
                    </Link>
                  ) : null}
                  <a
                    href={source.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block text-sm break-all text-primary hover:underline"
                  >
                    {source.url}
                  </a>
                  <span className="block text-xs text-muted-foreground md:hidden">
                    {T.columns.lastRead}: {source.lastCrawledAt ? formatDate(source.lastCrawledAt) : T.never}
                  </span>
                </TableCell>
                <TableCell className="hidden align-top md:table-cell">
                  {source.lastCrawledAt ? formatDate(source.lastCrawledAt) : T.never}
                </TableCell>
                <TableCell className="hidden align-top md:table-cell">{formatDate(source.nextCrawlAt)}</TableCell>
                <TableCell className="hidden align-top sm:table-cell">{source.jobsListed}</TableCell>
                <TableCell className="align-top">{source.openJobs}</TableCell>
                <TableCell className="max-w-64 align-top">
                  {source.failures > 0 ? (
                    <>
                      <Badge variant="rejected">{T.failures(source.failures)}</Badge>
                      {source.lastError ? (
                        <span className="mt-1 block text-xs text-muted-foreground">{source.lastError}</span>
                      ) : null}
                    </>
                  ) : (
                    <Badge variant="completed">{source.lastCrawledAt ? T.ok : T.never}</Badge>
                  )}
                </TableCell>
                <TableCell className="align-top">
                  <RemoveSource scope={scope} source={source} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Remove asks first; Undo adds the same address again (its first read is queued again). */
function RemoveSource({ scope, source }: { scope: SourcesScope; source: JobSource | PlatformJobSource }) {
  const remove = useRemoveJobSource(scope);
  const add = useAddJobSource(scope);
  const readd = () =>
    void add
      .mutateAsync(isPlatform(source) ? { url: source.url, companyName: source.companyName } : { url: source.url })
      .then(
        () => toast.success(T.added),
        (error: Error) => toast.error(error.message),
      );
  // mutateAsync: the row unmounts once removed, and the toast and its Undo outlive it.
  const onRemove = () =>
    void remove.mutateAsync(source.id).then(
      () => toast.success(T.removed, { description: source.url, action: { label: T.undo, onClick: readd } }),
      (error: Error) => toast.error(error.message),
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={remove.isPending} aria-label={T.removeLabel(source.url)}>
          {T.remove}
        </Button>
      }
      title={T.removeTitle}
      description={'companyId' in scope ? T.removeBody : T.removePlatformBody}
      cancelLabel={T.cancel}
      confirmLabel={T.remove}
      onConfirm={onRemove}
    />
  );
}

/** The form's values: the platform's form also names the company. */
const companySourceSchema = platformJobSourceRequestSchema.partial({ companyName: true });
type AddInput = { url: string; companyName?: string };

function AddSource({ scope }: { scope: SourcesScope }) {
  const platform = !('companyId' in scope);
  const add = useAddJobSource(scope);
  const form = useForm<AddInput>({
    resolver: zodResolver(platform ? platformJobSourceRequestSchema : companySourceSchema),
    defaultValues: platform ? { url: '', companyName: '' } : { url: '' },
  });
  const { errors } = form.formState;
  const onValid = (input: AddInput) =>
    add.mutate(
      platform && input.companyName ? { url: input.url, companyName: input.companyName } : { url: input.url },
      {
        onSuccess: () => {
          toast.success(T.added);
          form.reset();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error)))
            form.setError(field as keyof AddInput, { message });
          toast.error(error.message);
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.addTitle}</CardTitle>
        <CardDescription>{T.addHelp}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onValid={onValid} className="grid gap-4 sm:grid-cols-2">
          {platform ? (
            <FormField id="job-source-company" label={T.companyName} error={errors.companyName?.message}>
              {(c) => <Input {...c} autoComplete="organization" {...form.register('companyName')} />}
            </FormField>
          ) : null}
          <FormField id="job-source-url" label={T.url} error={errors.url?.message}>
            {(c) => (
              <Input
                {...c}
                type="url"
                inputMode="url"
                placeholder="https://"
                autoComplete="url"
                {...form.register('url')}
              />
            )}
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={add.isPending}>
              {T.add}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * The claims waiting for a platform admin (the e-mail's domain is not one the company is known by): who, with which
 * address, and the domains the company is known by; Approve or Refuse, each audited and told to the claimant.
 * A 403 (not a platform admin) is said once, by the boards below.
 */
function PendingClaims() {
  const claims = useQuery(pendingClaimsQueryOptions);
  if (claims.isError && isApiError(claims.error, 403)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{C.pendingHeading}</CardTitle>
      </CardHeader>
      <CardContent>
        {claims.isPending ? (
          <Skeleton className="h-16 w-full" aria-busy />
        ) : claims.isError ? (
          <Alert variant="destructive">
            <AlertTitle>{T.loadError}</AlertTitle>
            <AlertDescription>
              <p>{claims.error.message}</p>
              <Button variant="outline" size="sm" onClick={() => void claims.refetch()}>
                {T.tryAgain}
              </Button>
            </AlertDescription>
          </Alert>
        ) : claims.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{C.pendingEmpty}</p>
        ) : (
          <ul className="grid gap-3">
            {claims.data.items.map((claim) => (
              <PendingClaimRow key={claim.id} claim={claim} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PendingClaimRow({ claim }: { claim: PendingCompanyClaim }) {
  const decide = useDecideClaim();
  const onDecide = (decision: 'approve' | 'refuse') =>
    decide.mutate(
      { claimId: claim.id, decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approve'
              ? C.approved(claim.claimantName, claim.companyName)
              : C.refused(claim.claimantName, claim.companyName),
          ),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <li className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <Link to={`/company/${claim.companySlug}`} className="font-medium hover:underline">
          {claim.companyName}
        </Link>
        <span className="block break-all">
          {claim.claimantName} · {claim.email}
        </span>
        <span className="block text-xs text-muted-foreground">
          {C.knownBy(claim.knownDomains)} · {formatDate(claim.confirmedAt)}
        </span>
      </div>
      <div className="flex shrink-0 gap-2">
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              disabled={decide.isPending}
              aria-label={`${C.approve}: ${claim.claimantName}, ${claim.companyName}`}
            >
              {C.approve}
            </Button>
          }
          title={C.approveConfirmTitle(claim.claimantName, claim.companyName)}
          description={C.approveConfirm(claim.email, claim.companyName)}
          descriptionClassName="wrap-anywhere"
          cancelLabel={T.cancel}
          confirmLabel={C.approve}
          onConfirm={() => onDecide('approve')}
        />
        <ConfirmDialog
          trigger={
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              aria-label={`${C.refuse}: ${claim.claimantName}, ${claim.companyName}`}
            >
              {C.refuse}
            </Button>
          }
          title={C.refuseConfirmTitle(claim.claimantName, claim.companyName)}
          description={C.refuseConfirm}
          cancelLabel={T.cancel}
          confirmLabel={C.refuse}
          destructive
          onConfirm={() => onDecide('refuse')}
        />
      </div>
    </li>
  );
}
