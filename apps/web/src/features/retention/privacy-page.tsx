import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  countryLines,
  dataSubjectRequestInputSchema,
  DSR_JURISDICTION_LABELS,
  DSR_JURISDICTIONS,
  DSR_KIND_LABELS,
  DSR_KINDS,
  PRIVACY_TEXTS,
  retentionPolicyFormSchema,
  type DataSubjectRequestInput,
  type RetentionPolicy,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  dataSubjectRequestsQueryOptions,
  retentionPolicyQueryOptions,
  useCompleteDataSubjectRequest,
  useRecordDataSubjectRequest,
  useSaveRetentionPolicy,
} from './api';

const toast = scopedToast('privacy-page');

/** /company-dashboard/privacy: the retention policy and the data-subject requests with their deadlines (admins). */
export function PrivacyPage() {
  usePageTitle(PRIVACY_TEXTS.pageTitle);
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{PRIVACY_TEXTS.pageTitle}</h1>
        <p className="mt-2 text-muted-foreground">{PRIVACY_TEXTS.pageIntro}</p>
      </header>
      {company && isCompanyAdmin ? (
        <div className="grid gap-6">
          <PolicyCard companyId={company.id} />
          <RequestsCard companyId={company.id} />
        </div>
      ) : (
        <Alert role="status">
          <AlertTitle>{PRIVACY_TEXTS.pageTitle}</AlertTitle>
          <AlertDescription>{PRIVACY_TEXTS.adminsOnly}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function PolicyCard({ companyId }: { companyId: string }) {
  const policy = useQuery(retentionPolicyQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PRIVACY_TEXTS.policyTitle}</CardTitle>
        <CardDescription>{PRIVACY_TEXTS.policyHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-10 w-40" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : policy.isError ? (
          <LoadError
            title={PRIVACY_TEXTS.policyTitle}
            message={errorMessage(policy.error, PRIVACY_TEXTS.loadError)}
            onRetry={() => void policy.refetch()}
          />
        ) : (
          <PolicyForm companyId={companyId} initial={policy.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PolicyForm({ companyId, initial }: { companyId: string; initial: RetentionPolicy }) {
  const save = useSaveRetentionPolicy(companyId);
  const form = useForm<z.input<typeof retentionPolicyFormSchema>, unknown, RetentionPolicy>({
    resolver: zodResolver(retentionPolicyFormSchema),
    defaultValues: { defaultMonths: initial.defaultMonths, countries: countryLines(initial.countryMonths) },
  });
  const onValid = (policy: RetentionPolicy) =>
    save.mutate(policy, {
      onSuccess: (saved) => {
        form.reset({ defaultMonths: saved.defaultMonths, countries: countryLines(saved.countryMonths) });
        toast.success(PRIVACY_TEXTS.policySaved);
      },
      onError: (e) => toast.error(errorMessage(e, PRIVACY_TEXTS.failed)),
    });
  const { errors } = form.formState;
  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <FormField label={PRIVACY_TEXTS.defaultMonths} error={errors.defaultMonths?.message}>
        {(control) => (
          <Input
            {...control}
            type="number"
            min={1}
            max={120}
            className="w-32"
            {...form.register('defaultMonths', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField label={PRIVACY_TEXTS.countryMonths} error={errors.countries?.message}>
        {(control) => <Textarea {...control} rows={4} className="font-mono" {...form.register('countries')} />}
      </FormField>
      <Button type="submit" className="w-full sm:w-fit" disabled={save.isPending}>
        {PRIVACY_TEXTS.save}
      </Button>
    </Form>
  );
}

function RequestsCard({ companyId }: { companyId: string }) {
  const requests = useQuery(dataSubjectRequestsQueryOptions(companyId));
  const complete = useCompleteDataSubjectRequest(companyId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{PRIVACY_TEXTS.requestsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <RequestForm companyId={companyId} />
        {requests.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : requests.isError ? (
          <LoadError
            title={PRIVACY_TEXTS.requestsTitle}
            message={errorMessage(requests.error, PRIVACY_TEXTS.loadError)}
            onRetry={() => void requests.refetch()}
          />
        ) : requests.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{PRIVACY_TEXTS.requestsEmpty}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{PRIVACY_TEXTS.kind}</TableHead>
                  <TableHead>{PRIVACY_TEXTS.requester}</TableHead>
                  <TableHead>{PRIVACY_TEXTS.due}</TableHead>
                  <TableHead>{PRIVACY_TEXTS.status}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {requests.data.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{DSR_KIND_LABELS[r.kind]}</TableCell>
                    <TableCell>
                      {r.requesterName}
                      <span className="block break-all text-xs text-muted-foreground">{r.requesterEmail}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(r.dueOn)}</TableCell>
                    <TableCell>
                      {r.completedAt ? (
                        <Badge variant="secondary">{PRIVACY_TEXTS.done}</Badge>
                      ) : (
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge variant={r.overdue ? 'destructive' : 'outline'}>
                            {r.overdue ? PRIVACY_TEXTS.overdue : PRIVACY_TEXTS.open}
                          </Badge>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`${PRIVACY_TEXTS.markDone}: ${r.requesterName}`}
                            disabled={complete.isPending && complete.variables === r.id}
                            onClick={() =>
                              complete.mutate(r.id, {
                                onSuccess: () => toast.success(PRIVACY_TEXTS.requestDone),
                                onError: (e) => toast.error(errorMessage(e, PRIVACY_TEXTS.failed)),
                              })
                            }
                          >
                            {PRIVACY_TEXTS.markDone}
                          </Button>
                        </div>
                      )}
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

function RequestForm({ companyId }: { companyId: string }) {
  const record = useRecordDataSubjectRequest(companyId);
  const form = useForm<z.input<typeof dataSubjectRequestInputSchema>, unknown, DataSubjectRequestInput>({
    resolver: zodResolver(dataSubjectRequestInputSchema),
    defaultValues: { kind: 'access', requesterName: '', requesterEmail: '', jurisdiction: 'gdpr' },
  });
  const onValid = (input: DataSubjectRequestInput) =>
    record.mutate(
      { ...input, receivedOn: input.receivedOn || undefined },
      {
        onSuccess: () => {
          form.reset();
          toast.success(PRIVACY_TEXTS.requestRecorded);
        },
        onError: (e) => toast.error(errorMessage(e, PRIVACY_TEXTS.failed)),
      },
    );
  const { errors } = form.formState;
  return (
    <Form form={form} onValid={onValid} className="grid gap-4 sm:grid-cols-2">
      <FormField label={PRIVACY_TEXTS.kind} error={errors.kind?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('kind')}>
            {DSR_KINDS.map((k) => (
              <option key={k} value={k}>
                {DSR_KIND_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={PRIVACY_TEXTS.law} error={errors.jurisdiction?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('jurisdiction')}>
            {DSR_JURISDICTIONS.map((j) => (
              <option key={j} value={j}>
                {DSR_JURISDICTION_LABELS[j]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={PRIVACY_TEXTS.requesterName} error={errors.requesterName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('requesterName')} />}
      </FormField>
      <FormField label={PRIVACY_TEXTS.requesterEmail} error={errors.requesterEmail?.message}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('requesterEmail')} />}
      </FormField>
      <FormField label={PRIVACY_TEXTS.receivedOn} error={errors.receivedOn?.message}>
        {(control) => (
          <Input
            {...control}
            type="date"
            {...form.register('receivedOn', { setValueAs: (v: string) => v || undefined })}
          />
        )}
      </FormField>
      <div className="flex items-end">
        <Button type="submit" className="w-full sm:w-fit" disabled={record.isPending}>
          {PRIVACY_TEXTS.recordRequest}
        </Button>
      </div>
    </Form>
  );
}
