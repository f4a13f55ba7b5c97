import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FileSearch, History, ListChecks } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  SCREENING_DECISIONS,
  SCREENING_MESSAGES,
  SCREENING_RESULT_LABELS,
  SCREENING_TEXTS,
  screeningDecisionSchema,
  type LeieStatus,
  type Screening,
  type ScreeningDecisionInput,
  type ScreeningView,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Pager } from '@/components/pager';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { leieStatusQueryOptions, screeningsQueryOptions, useDecideScreening, useFetchLeie, useUploadLeie } from './api';

const toast = scopedToast('screening-page');
const T = SCREENING_TEXTS;
const PAGE_SIZE = 10;

const RESULT_BADGES: Record<Screening['result'], BadgeVariant> = {
  clear: 'accepted',
  possible: 'pending',
  match: 'rejected',
};

/** The LEIE's YYYYMMDD as a calendar day; '' (not published) as "Not given". */
const leieDate = (value: string) =>
  /^\d{8}$/.test(value) ? formatDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`) : T.unknown;

/** /company-dashboard/screening: the LEIE list's state, the screenings awaiting a decision, and the history. */
export function ScreeningPage() {
  usePageTitle(T.pageTitle);
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{T.pageTitle}</h1>
        <p className="mt-2 text-muted-foreground">{T.pageIntro}</p>
      </header>
      {company && isCompanyAdmin ? (
        <div className="grid gap-6">
          <ListCard companyId={company.id} />
          <AwaitingCard companyId={company.id} />
          <HistoryCard companyId={company.id} />
        </div>
      ) : (
        <Alert role="status">
          <AlertTitle>{T.pageTitle}</AlertTitle>
          <AlertDescription>{T.adminsOnly}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function ListCard({ companyId }: { companyId: string }) {
  const status = useQuery(leieStatusQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.listTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-5 w-48" />
          </div>
        ) : status.isError ? (
          <LoadError
            title={T.listError}
            message={errorMessage(status.error, T.listError)}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <>
            <ListState status={status.data} />
            {status.data.canManage ? <ManageList companyId={companyId} status={status.data} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ListState({ status }: { status: LeieStatus }) {
  const { active, fetch, rejected } = status;
  return (
    <>
      {active ? (
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">{T.loadedAt}</dt>
            <dd className="font-medium">{formatDate(active.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{T.rows}</dt>
            <dd className="font-medium tabular-nums">{active.rowCount.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">{T.source}</dt>
            <dd className="font-medium">{T.sourceLabels[active.source]}</dd>
          </div>
        </dl>
      ) : (
        <EmptyState icon={FileSearch} title={T.listNone}>
          {T.listNoneHint} {status.canManage ? T.listNoneManage : null}
        </EmptyState>
      )}
      {fetch ? (
        <Alert variant={fetch.state === 'failed' || fetch.state === 'retrying' ? 'destructive' : 'default'}>
          <AlertTitle className="flex items-center gap-2">
            {fetch.state === 'queued' || fetch.state === 'running' ? (
              <Spinner label={T.fetchStates[fetch.state]} />
            ) : null}
            {T.fetchStates[fetch.state]}
          </AlertTitle>
          <AlertDescription>
            <p>{T.attempts(Math.max(fetch.attempts, 1), fetch.maxAttempts)}</p>
            {fetch.error ? <p>{fetch.error}</p> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {rejected ? (
        <Alert variant="destructive">
          <AlertTitle>{T.rejectedTitle}</AlertTitle>
          <AlertDescription>
            <p>{rejected.error}</p>
            <p>{formatDate(rejected.createdAt)}</p>
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

/** A platform admin's controls: upload the CSV (checked whole) or fetch it from LEIE_URL on the queue. */
function ManageList({ companyId, status }: { companyId: string; status: LeieStatus }) {
  const upload = useUploadLeie(companyId);
  const fetchLeie = useFetchLeie(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fetching = status.fetch?.state === 'queued' || status.fetch?.state === 'running';
  const onUpload = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError(SCREENING_MESSAGES.fileRequired);
    setFileError(undefined);
    upload.mutate(file, {
      onSuccess: (list) => toast.success(T.uploaded(list.rowCount)),
      onError: (e) => setFileError(errorMessage(e, T.uploadFailed)),
    });
  };
  return (
    <div className="grid gap-4 border-t pt-4">
      <form className="grid gap-3" onSubmit={onUpload} noValidate>
        <FormField label={T.uploadLabel} hint={T.uploadHint} error={fileError} id="leie-file">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv"
              disabled={upload.isPending}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
        {upload.isPending && file ? (
          <Spinner showLabel label={T.uploading((file.size / 1e6).toFixed(1))} className="text-sm" />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={upload.isPending}>
            {T.upload}
          </Button>
          {status.fetchConfigured ? (
            <Button
              type="button"
              variant="outline"
              disabled={fetchLeie.isPending || fetching}
              onClick={() =>
                fetchLeie.mutate(undefined, {
                  onSuccess: () => toast.success(T.fetchQueued),
                  onError: (e) => toast.error(errorMessage(e, T.fetchStates.failed)),
                })
              }
            >
              {T.fetchNow}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function useScreenings(companyId: string, view: ScreeningView, page: number) {
  return useQuery(screeningsQueryOptions(companyId, { view, page, pageSize: PAGE_SIZE }));
}

function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

function AwaitingCard({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const list = useScreenings(companyId, 'awaiting', page);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.awaitingTitle}</CardTitle>
        <CardDescription>{T.awaitingIntro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <LoadError
            title={T.screensError}
            message={errorMessage(list.error, T.screensError)}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={ListChecks} title={T.awaitingEmpty}>
            {T.awaitingEmptyHint}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-4">
              {list.data.items.map((screening) => (
                <li key={screening.id}>
                  <Review companyId={companyId} screening={screening} />
                </li>
              ))}
            </ul>
            <Pager page={list.data.page} totalPages={list.data.totalPages} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One screening to decide: the candidate beside each LEIE row found, and the decision with a confirmation. */
function Review({ companyId, screening }: { companyId: string; screening: Screening }) {
  const decide = useDecideScreening(companyId);
  const form = useForm<ScreeningDecisionInput>({
    resolver: zodResolver(screeningDecisionSchema),
    defaultValues: { decision: 'cleared', note: '' },
  });
  const [confirming, setConfirming] = useState<ScreeningDecisionInput | null>(null);
  const headingId = `screening-${screening.id}`;
  const record = () => {
    if (!confirming) return;
    // Awaited rather than mutate's callbacks: a recorded decision moves this card out of the list (unmounting it).
    decide.mutateAsync({ id: screening.id, ...confirming }).then(
      () => toast.success(T.decided),
      (e: unknown) => toast.error(errorMessage(e, T.decideFailed)),
    );
    setConfirming(null);
  };
  const decisionError = form.formState.errors.decision?.message;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold">
            {screening.candidate.name} · {screening.job.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {T.screenedAt(T.triggerLabels[screening.trigger], formatDate(screening.createdAt))}
          </p>
        </div>
        <Badge variant={RESULT_BADGES[screening.result]}>{SCREENING_RESULT_LABELS[screening.result]}</Badge>
      </header>
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={`${T.candidateColumn}: ${screening.candidate.name}`}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{T.field}</TableHead>
              <TableHead scope="col">{T.candidateColumn}</TableHead>
              {screening.matches.map((m) => (
                <TableHead scope="col" key={m.line}>
                  {T.leieColumn(m.line)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            <MatchRow
              label={T.fields.name}
              candidate={screening.candidate.name}
              leie={screening.matches.map((m) => m.name)}
            />
            <MatchRow
              label={T.fields.dob}
              candidate={screening.candidate.dob ? formatDate(screening.candidate.dob) : T.unknown}
              leie={screening.matches.map((m) => leieDate(m.dob))}
            />
            <MatchRow
              label={T.fields.npi}
              candidate={screening.candidate.npi ?? T.unknown}
              leie={screening.matches.map((m) => m.npi || T.unknown)}
            />
            <MatchRow label={T.fields.state} candidate="" leie={screening.matches.map((m) => m.state)} />
            <MatchRow label={T.fields.exclType} candidate="" leie={screening.matches.map((m) => m.exclType)} />
            <MatchRow
              label={T.fields.exclDate}
              candidate=""
              leie={screening.matches.map((m) => leieDate(m.exclDate))}
            />
            <MatchRow
              label={T.fields.reason}
              candidate=""
              leie={screening.matches.map((m) => `${SCREENING_RESULT_LABELS[m.result]} (${m.reason})`)}
            />
          </TableBody>
        </Table>
      </div>
      <Form form={form} onValid={setConfirming} className="grid gap-3">
        <fieldset className="grid gap-2" aria-describedby={decisionError ? `${headingId}-decision-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{T.decision}</legend>
          {SCREENING_DECISIONS.map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm">
              <input type="radio" value={d} className="size-4 accent-primary" {...form.register('decision')} />
              {T.decisionLabels[d]}
            </label>
          ))}
        </fieldset>
        <FormField label={T.note} hint={T.noteHint} error={form.formState.errors.note?.message}>
          {(control) => <Textarea {...control} rows={2} {...form.register('note')} />}
        </FormField>
        <Button type="submit" className="w-full sm:w-fit" disabled={decide.isPending}>
          {T.record}
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={T.confirmTitle(screening.candidate.name)}
        description={
          <>
            {confirming ? `${T.decisionLabels[confirming.decision]}. ` : ''}
            {confirming?.decision === 'excluded' ? T.confirmExcluded : T.confirmCleared}
          </>
        }
        cancelLabel={T.cancel}
        confirmLabel={T.confirm}
        destructive={confirming?.decision === 'excluded'}
        onConfirm={record}
      />
    </article>
  );
}

function MatchRow({ label, candidate, leie }: { label: string; candidate: string; leie: string[] }) {
  return (
    <TableRow>
      <TableHead scope="row" className="font-medium">
        {label}
      </TableHead>
      <TableCell>{candidate}</TableCell>
      {leie.map((value, i) => (
        <TableCell key={i}>{value}</TableCell>
      ))}
    </TableRow>
  );
}

function HistoryCard({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const list = useScreenings(companyId, 'history', page);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{T.historyTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <LoadError
            title={T.screensError}
            message={errorMessage(list.error, T.screensError)}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={History} title={T.historyEmpty}>
            {T.historyEmptyHint}
          </EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={T.historyTitle}>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">{T.columns.candidate}</TableHead>
                    <TableHead scope="col">{T.columns.job}</TableHead>
                    <TableHead scope="col">{T.columns.when}</TableHead>
                    <TableHead scope="col">{T.columns.result}</TableHead>
                    <TableHead scope="col">{T.columns.decision}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.data.items.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell className="font-medium">{s.candidate.name}</TableCell>
                      <TableCell>{s.job.title}</TableCell>
                      <TableCell>
                        {formatDate(s.createdAt)} ({T.triggerLabels[s.trigger]})
                      </TableCell>
                      <TableCell>
                        <Badge variant={RESULT_BADGES[s.result]}>{SCREENING_RESULT_LABELS[s.result]}</Badge>
                      </TableCell>
                      <TableCell className="text-sm">
                        {s.decision ? (
                          <>
                            <span className="font-medium">{T.decisionLabels[s.decision]}</span>
                            {s.decisionNote ? (
                              <span className="block text-muted-foreground">{s.decisionNote}</span>
                            ) : null}
                          </>
                        ) : (
                          T.noDecision
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <Pager page={list.data.page} totalPages={list.data.totalPages} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
