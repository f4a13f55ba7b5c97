import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ATS_PAGE_TEXT as T,
  ATS_VENDOR_NAMES,
  ATS_VENDORS,
  atsConnectRequestSchema,
  PIPELINE_STAGES,
  STAGE_LABELS,
  type AtsConnectRequest,
  type AtsConnection,
  type AtsStageMapping,
  type AtsSyncEntry,
  type AtsVendor,
  type PipelineStage,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { CopyableCode } from '@/components/copyable-code';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fieldErrors } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useCapability } from '@/lib/plan';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  atsConnectionsQueryOptions,
  atsJobLinksQueryOptions,
  atsJobsQueryOptions,
  useAtsCheck,
  useAtsSyncLog,
  useConnectAts,
  useLinkJob,
  useRetrySync,
  useRevokeAts,
  useStageMapping,
} from './api';

const toast = scopedToast('integrations-page');

const STATUS_BADGE: Record<AtsConnection['status'], BadgeVariant> = {
  active: 'completed',
  failing: 'rejected',
  revoked: 'draft',
};
const STATE_BADGE: Record<AtsSyncEntry['state'], BadgeVariant> = {
  pending: 'pending',
  succeeded: 'completed',
  retrying: 'pending',
  failed: 'rejected',
  ignored: 'draft',
};

export function IntegrationsPage() {
  usePageTitle(T.title);
  const { company, isCompanyAdmin } = useSession();
  const capability = useCapability('ats_integrations');
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.intro}</p>
      </header>
      {!company || !isCompanyAdmin ? (
        <Alert role="status">
          <AlertDescription>{T.notAdmin}</AlertDescription>
        </Alert>
      ) : capability.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : !capability.allowed ? (
        <Alert role="status">
          <AlertDescription>
            <p>{capability.reason}</p>
            <Link to="/company-dashboard/billing" className="underline">
              {T.billingLink}
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <Connections companyId={company.id} />
      )}
    </div>
  );
}

function Connections({ companyId }: { companyId: string }) {
  const connections = useQuery(atsConnectionsQueryOptions(companyId));
  if (connections.isPending)
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (connections.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>{T.loadError}</AlertTitle>
        <AlertDescription>
          <p>{connections.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void connections.refetch()}>
            {T.tryAgain}
          </Button>
        </AlertDescription>
      </Alert>
    );
  const live = connections.data.filter((c) => c.status !== 'revoked');
  // One live connection per vendor: the form offers the vendors not connected yet.
  const open = ATS_VENDORS.filter((vendor) => !live.some((c) => c.vendor === vendor));
  return (
    <div className="grid gap-6">
      {live.length === 0 ? <p className="text-muted-foreground">{T.empty}</p> : null}
      {live.map((connection) => (
        <ConnectionPanel key={connection.id} companyId={companyId} connection={connection} />
      ))}
      {open.length > 0 ? <ConnectForm companyId={companyId} vendors={open} /> : null}
    </div>
  );
}

function ConnectForm({ companyId, vendors }: { companyId: string; vendors: AtsVendor[] }) {
  const connect = useConnectAts(companyId);
  const form = useForm<AtsConnectRequest>({
    resolver: zodResolver(atsConnectRequestSchema),
    defaultValues: {
      vendor: vendors[0],
      apiKey: '',
      onBehalfOf: '',
      sourceId: '',
      applicationSourceId: '',
      webhookSecret: '',
    },
  });
  const { errors } = form.formState;
  const vendor = useWatch({ control: form.control, name: 'vendor' });
  const words = T.vendors[vendor];
  const onValid = (input: AtsConnectRequest) =>
    connect.mutate(
      {
        ...input,
        onBehalfOf: words.onBehalfOf ? input.onBehalfOf || undefined : undefined,
        sourceId: words.sourceId ? input.sourceId || undefined : undefined,
        applicationSourceId: words.applicationSourceId ? input.applicationSourceId || undefined : undefined,
      },
      {
        onSuccess: () => toast.success(T.connected(ATS_VENDOR_NAMES[input.vendor])),
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error)))
            form.setError(field as keyof AtsConnectRequest, { message });
          toast.error(error.message);
        },
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.connectTitle}</CardTitle>
        <CardDescription>{words.connectHelp}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onValid={onValid} className="grid gap-4 sm:grid-cols-2">
          <FormField id="ats-vendor" label={T.vendor} error={errors.vendor?.message}>
            {(c) => (
              <NativeSelect {...c} {...form.register('vendor')}>
                {vendors.map((v) => (
                  <option key={v} value={v}>
                    {ATS_VENDOR_NAMES[v]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="ats-api-key" label={words.apiKey} error={errors.apiKey?.message}>
            {(c) => <Input {...c} type="password" autoComplete="off" {...form.register('apiKey')} />}
          </FormField>
          {words.onBehalfOf ? (
            <FormField id="ats-on-behalf-of" label={words.onBehalfOf} error={errors.onBehalfOf?.message}>
              {(c) => (
                <Input
                  {...c}
                  inputMode={vendor === 'greenhouse' ? 'numeric' : 'text'}
                  autoComplete="off"
                  {...form.register('onBehalfOf')}
                />
              )}
            </FormField>
          ) : null}
          {words.sourceId ? (
            <FormField id="ats-source-id" label={words.sourceId} error={errors.sourceId?.message}>
              {(c) => (
                <Input
                  {...c}
                  inputMode={vendor === 'greenhouse' ? 'numeric' : 'text'}
                  autoComplete="off"
                  {...form.register('sourceId')}
                />
              )}
            </FormField>
          ) : null}
          {words.applicationSourceId ? (
            <FormField
              id="ats-application-source-id"
              label={words.applicationSourceId}
              error={errors.applicationSourceId?.message}
            >
              {(c) => (
                <Input
                  {...c}
                  inputMode={vendor === 'greenhouse' ? 'numeric' : 'text'}
                  autoComplete="off"
                  {...form.register('applicationSourceId')}
                />
              )}
            </FormField>
          ) : null}
          <FormField id="ats-webhook-secret" label={words.webhookSecret} error={errors.webhookSecret?.message}>
            {(c) => <Input {...c} type="password" autoComplete="off" {...form.register('webhookSecret')} />}
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={connect.isPending}>
              {T.connect}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function ConnectionPanel({ companyId, connection }: { companyId: string; connection: AtsConnection }) {
  const check = useAtsCheck(companyId);
  const revoke = useRevokeAts(companyId);
  const webhookUrl = `${window.location.origin}${connection.webhookPath}`;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
            {ATS_VENDOR_NAMES[connection.vendor]}{' '}
            <Badge variant={STATUS_BADGE[connection.status]}>{T.status[connection.status]}</Badge>
          </CardTitle>
          <CardDescription>
            {connection.keyLast4 ? T.keyEnding(connection.keyLast4) : null}
            {connection.lastError ? ` · ${connection.lastError}` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CopyableCode
            id={`webhook-${connection.id}`}
            code={webhookUrl}
            label={T.vendors[connection.vendor].webhookUrl}
            toastTitle={T.copied}
            toastDescription={webhookUrl}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={check.isPending}
              onClick={() =>
                check.mutate(
                  { connectionId: connection.id, kind: 'test' },
                  { onSuccess: () => toast.success(T.testQueued), onError: (e) => toast.error(e.message) },
                )
              }
            >
              {T.test}
            </Button>
            <ConfirmDialog
              trigger={<Button variant="destructive">{T.revoke}</Button>}
              title={T.revokeTitle}
              description={T.revokeBody}
              cancelLabel={T.cancel}
              confirmLabel={T.revoke}
              onConfirm={() =>
                revoke.mutate(connection.id, {
                  onSuccess: () => toast.success(T.revoked),
                  onError: (e) => toast.error(e.message),
                })
              }
            />
          </div>
        </CardContent>
      </Card>
      <JobLinks companyId={companyId} connection={connection} />
      <StageMappingEditor companyId={companyId} connection={connection} />
      <SyncLog companyId={companyId} connectionId={connection.id} />
    </>
  );
}

function JobLinks({ companyId, connection }: { companyId: string; connection: AtsConnection }) {
  const connectionId = connection.id;
  const links = useQuery(atsJobLinksQueryOptions(companyId, connectionId));
  const atsJobs = useQuery(atsJobsQueryOptions(companyId, connectionId));
  const link = useLinkJob(companyId);
  const check = useAtsCheck(companyId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.jobsTitle}</CardTitle>
        <CardDescription>{T.jobsHelp}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground" id={`import-help-${connectionId}`}>
          {T.importHelp}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={check.isPending}
            aria-describedby={`import-help-${connectionId}`}
            onClick={() =>
              check.mutate(
                { connectionId, kind: 'import' },
                { onSuccess: () => toast.success(T.importQueued), onError: (e) => toast.error(e.message) },
              )
            }
          >
            {T.importJobs(ATS_VENDOR_NAMES[connection.vendor])}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={check.isPending}
            onClick={() =>
              check.mutate(
                { connectionId, kind: 'jobs' },
                { onSuccess: () => toast.success(T.jobsQueued), onError: (e) => toast.error(e.message) },
              )
            }
          >
            {T.refreshJobs}
          </Button>
        </div>
        {links.isPending || atsJobs.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : links.isError || atsJobs.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{(links.error ?? atsJobs.error)?.message}</AlertDescription>
          </Alert>
        ) : links.data.length === 0 ? (
          <p className="text-muted-foreground">{T.jobsEmpty}</p>
        ) : (
          <ul className="grid gap-3">
            {links.data.map((job) => (
              <li key={job.jobId} className="grid gap-1 sm:grid-cols-2 sm:items-center">
                <span className="flex flex-wrap items-center gap-2">
                  <label htmlFor={`link-${job.jobId}`} className="font-medium">
                    {job.jobTitle}
                  </label>
                  {job.imported ? <Badge variant="secondary">{T.importedBadge}</Badge> : null}
                  {job.status === 'DRAFT' ? <Badge variant="draft">{T.draftBadge}</Badge> : null}
                </span>
                <NativeSelect
                  id={`link-${job.jobId}`}
                  value={job.atsJobId ?? ''}
                  disabled={link.isPending}
                  onChange={(event) =>
                    link.mutate(
                      { connectionId, jobId: job.jobId, atsJobId: event.target.value || null },
                      { onSuccess: () => toast.success(T.linked), onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  <option value="">{T.notLinked}</option>
                  {atsJobs.data.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.location ? `${a.title} (${a.location})` : a.title}
                    </option>
                  ))}
                </NativeSelect>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function StageMappingEditor({ companyId, connection }: { companyId: string; connection: AtsConnection }) {
  const save = useStageMapping(companyId);
  const [rows, setRows] = useState<[string, PipelineStage][]>(() => Object.entries(connection.stageMapping));
  const [newName, setNewName] = useState('');
  const submit = () => {
    const stageMapping: AtsStageMapping = Object.fromEntries(rows.filter(([name]) => name.trim() !== ''));
    save.mutate(
      { connectionId: connection.id, stageMapping },
      { onSuccess: () => toast.success(T.mappingSaved), onError: (e) => toast.error(e.message) },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.mappingTitle}</CardTitle>
        <CardDescription>{T.mappingHelp}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2">
          {rows.map(([name, stage], index) => (
            <li key={name} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
              <span className="break-words">{name}</span>
              <NativeSelect
                aria-label={`${T.ourStage}: ${name}`}
                value={stage}
                onChange={(event) =>
                  setRows(rows.map((row, i) => (i === index ? [name, event.target.value as PipelineStage] : row)))
                }
              >
                {PIPELINE_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {STAGE_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
              <Button variant="ghost" size="sm" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
                <span aria-hidden>×</span>
                <span className="sr-only">{T.removeStage(name)}</span>
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField id={`new-stage-${connection.id}`} label={T.newStage} className="flex-1">
            {(c) => <Input {...c} value={newName} onChange={(event) => setNewName(event.target.value)} />}
          </FormField>
          <Button
            variant="outline"
            disabled={!newName.trim() || rows.some(([name]) => name.toLowerCase() === newName.trim().toLowerCase())}
            onClick={() => {
              setRows([...rows, [newName.trim(), 'contacted']]);
              setNewName('');
            }}
          >
            {T.addStage}
          </Button>
        </div>
        <div>
          <Button onClick={submit} disabled={save.isPending}>
            {T.saveMapping}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SyncLog({ companyId, connectionId }: { companyId: string; connectionId: string }) {
  const log = useAtsSyncLog(companyId, connectionId);
  const retry = useRetrySync(companyId);
  // min-w-0: the table scrolls inside the card at 375 px instead of widening the page.
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle as="h2">{T.logTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : log.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{log.error.message}</AlertDescription>
          </Alert>
        ) : log.data.length === 0 ? (
          <p className="text-muted-foreground">{T.logEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{T.logColumns.what}</TableHead>
                  <TableHead>{T.logColumns.state}</TableHead>
                  <TableHead>{T.logColumns.answer}</TableHead>
                  <TableHead>{T.logColumns.when}</TableHead>
                  <TableHead>
                    <span className="sr-only">{T.logColumns.actions}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {log.data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{T.kinds[entry.kind]}</TableCell>
                    <TableCell>
                      <Badge variant={STATE_BADGE[entry.state]}>{T.states[entry.state]}</Badge>
                      {entry.attempts > 1 ? <span className="ml-1 text-xs">×{entry.attempts}</span> : null}
                      {entry.nextRetryAt ? (
                        <div className="text-xs text-muted-foreground">
                          {T.nextRetry(new Date(entry.nextRetryAt).toLocaleTimeString())}
                        </div>
                      ) : null}
                    </TableCell>
                    <TableCell className="max-w-xs break-words text-sm">
                      {entry.vendorStatus ? `${entry.vendorStatus} · ` : ''}
                      {entry.vendorAnswer}
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{formatDate(entry.updatedAt)}</TableCell>
                    <TableCell>
                      {entry.kind !== 'webhook' && (entry.state === 'failed' || entry.state === 'retrying') ? (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={retry.isPending}
                          onClick={() =>
                            retry.mutate(
                              { connectionId, syncId: entry.id },
                              { onSuccess: () => toast.success(T.retried), onError: (e) => toast.error(e.message) },
                            )
                          }
                        >
                          {T.retry}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
