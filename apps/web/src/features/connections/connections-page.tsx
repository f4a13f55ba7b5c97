import { useQuery } from '@tanstack/react-query';
import { ExternalLink, FileUp, Trash2, UserPlus, Users } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import {
  CONNECTIONS_LIMITS,
  CONNECTIONS_MESSAGES,
  type ConnectionSuggestion,
  type ConnectionsImport,
  type KeptConnection,
  type LinkedInConnection,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import {
  keptConnectionsQueryOptions,
  useDeleteAllKeptConnections,
  useDeleteKeptConnection,
  useImportConnections,
  useKeepConnections,
} from './api';
import { connectionName, fitLabel, keepItem, referHref, suggestionKey } from './connection-parts';

const toast = scopedToast('connections-page');
const MAX_MB = CONNECTIONS_LIMITS.maxBytes / 1024 / 1024;

/**
 * /connections, "Who you know": a referrer uploads LinkedIn's Connections.csv and sees which connections fit an
 * open role at their company, each a referral one click away; a job seeker sees the referrers they already know.
 * Only the matches kept here are stored, and each can be removed.
 */
export function ConnectionsPage() {
  usePageTitle('Who you know');
  const { user, company } = useSession();
  const [result, setResult] = useState<ConnectionsImport | null>(null);
  if (!user) return null;
  const isReferrer = user.type !== 'jobseeker';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Who you know</h1>
        <p className="mt-1 text-muted-foreground">
          {isReferrer
            ? `Upload your LinkedIn connections and see who fits an open role at ${company?.name ?? 'your company'}: refer them in one click.`
            : 'Upload your LinkedIn connections and see which of them refer at companies on Referwell.'}
        </p>
      </header>
      {isReferrer && !company ? (
        <Card>
          <CardContent className="py-8 text-center text-muted-foreground">
            {CONNECTIONS_MESSAGES.needsCompany}
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6">
          <UploadCard onResult={setResult} />
          {result ? <Suggestions result={result} onKept={() => setResult(null)} /> : null}
          <KeptCard isReferrer={isReferrer} />
        </div>
      )}
    </div>
  );
}

function UploadCard({ onResult }: { onResult: (result: ConnectionsImport) => void }) {
  const upload = useImportConnections();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > CONNECTIONS_LIMITS.maxBytes) return setError(CONNECTIONS_MESSAGES.tooLarge);
    upload.mutate(file, {
      onSuccess: onResult,
      onError: (failure) => setError(errorMessage(failure, 'Could not read the file. Please try again.')),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Upload Connections.csv</CardTitle>
        <CardDescription>
          On LinkedIn: Me → Settings &amp; Privacy → Data privacy → Get a copy of your data → Connections. LinkedIn
          e-mails you a link; download it and choose Connections.csv here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={`${id}-file`}>Connections.csv</Label>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={upload.isPending}
            onChange={onChange}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className="sm:max-w-sm"
          />
          {upload.isPending ? (
            <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner />
              Reading your connections…
            </span>
          ) : null}
        </div>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          <FileUp className="mr-1 inline size-3.5" aria-hidden />
          Up to {MAX_MB} MB. The file itself is not kept: only the matches you choose to keep, which you can remove at
          any time.
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ProfileLink({ connection }: { connection: LinkedInConnection }) {
  const name = connectionName(connection);
  return connection.profileUrl ? (
    <a
      href={connection.profileUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
    >
      {name}
      <ExternalLink className="size-3" aria-hidden />
      <span className="sr-only">(LinkedIn profile, opens in a new tab)</span>
    </a>
  ) : (
    <span className="font-medium">{name}</span>
  );
}

const positionLine = (c: LinkedInConnection) => [c.position, c.company].filter(Boolean).join(' · ');

function Suggestions({ result, onKept }: { result: ConnectionsImport; onKept: () => void }) {
  const keep = useKeepConnections();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const { suggestions } = result;
  const toggle = (key: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const keepThese = (items: ConnectionSuggestion[]) =>
    keep.mutate(
      { items: items.map(keepItem) },
      {
        onSuccess: () => {
          toast.success(CONNECTIONS_MESSAGES.keptTitle, { description: CONNECTIONS_MESSAGES.kept(items.length) });
          onKept();
        },
        onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not keep them.') }),
      },
    );
  const summary = `${result.read.toLocaleString('en-US')} connections read${
    result.skipped ? ` (${result.skipped} without a name left out)` : ''
  } · ${result.total} ${result.kind === 'role' ? (result.total === 1 ? 'fits an open role' : 'fit an open role') : result.total === 1 ? 'refers on Referwell' : 'refer on Referwell'}${
    result.total > suggestions.length ? ` (the best ${suggestions.length} below)` : ''
  }`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {result.kind === 'role' ? 'Who fits your open roles' : 'People you know who refer'}
        </CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {suggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {result.kind === 'role' ? CONNECTIONS_MESSAGES.emptyRoles : CONNECTIONS_MESSAGES.emptyReferrers}
          </p>
        ) : (
          <>
            <ul className="grid gap-3" aria-label="Matches">
              {suggestions.map((s) => {
                const key = suggestionKey(s);
                const checkbox = `keep-${key}`;
                return (
                  <li
                    key={key}
                    className="grid gap-3 rounded-md border p-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-center"
                  >
                    <Checkbox
                      id={checkbox}
                      checked={chosen.has(key)}
                      onCheckedChange={(on) => toggle(key, on === true)}
                      aria-label={`Keep ${connectionName(s.connection)}`}
                    />
                    <div className="min-w-0">
                      <ProfileLink connection={s.connection} />
                      <p className="text-sm text-muted-foreground">{positionLine(s.connection)}</p>
                      {s.role ? (
                        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                          <span>
                            Fits <span className="font-medium">{s.role.title}</span>
                          </span>
                          <Badge variant="accepted">
                            {fitLabel(s.role.fitScore)} · {s.role.fitScore}%
                          </Badge>
                        </p>
                      ) : null}
                      {s.referrer ? (
                        <p className="mt-1 text-sm">
                          Refers at{' '}
                          <Link
                            to={`/company/${s.referrer.company.slug}/referrers`}
                            className="text-primary hover:underline"
                          >
                            {s.referrer.company.name}
                          </Link>
                          {s.referrer.title ? ` · ${s.referrer.title}` : ''}
                        </p>
                      ) : null}
                    </div>
                    {s.role ? (
                      <Button asChild size="sm" className="w-fit">
                        <Link
                          to={referHref(s.connection, s.role.jobId)}
                          aria-label={`Refer ${connectionName(s.connection)} for ${s.role.title}`}
                        >
                          <UserPlus aria-hidden />
                          Refer
                        </Link>
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => keepThese(suggestions.filter((s) => chosen.has(suggestionKey(s))))}
                disabled={chosen.size === 0 || keep.isPending}
              >
                {keep.isPending ? 'Keeping...' : `Keep selected (${chosen.size})`}
              </Button>
              <Button variant="outline" onClick={() => keepThese(suggestions)} disabled={keep.isPending}>
                Keep all {suggestions.length}
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function KeptCard({ isReferrer }: { isReferrer: boolean }) {
  const { data, isPending, isError, error, refetch } = useQuery(keptConnectionsQueryOptions);
  const removeAll = useDeleteAllKeptConnections();
  const count = data?.items.length ?? 0;
  return (
    <Card aria-busy={isPending}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle as="h2">Kept connections</CardTitle>
          <CardDescription>
            {isReferrer
              ? 'Connections you kept for your open roles. Refer them, or remove them when you are done.'
              : 'Referrers you know. They are listed first on their company’s referrers page.'}
          </CardDescription>
        </div>
        {count > 0 ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={removeAll.isPending}>
                <Trash2 aria-hidden />
                Remove all
              </Button>
            }
            title="Remove all kept connections?"
            description={
              <>The {count} connections you kept are deleted from Referwell. You can upload your export again later.</>
            }
            confirmLabel="Remove all"
            destructive
            onConfirm={() =>
              removeAll.mutate(undefined, {
                onSuccess: () => toast.success(CONNECTIONS_MESSAGES.deletedAll),
                onError: (failure) => toast.error('Error', { description: errorMessage(failure, 'Try again.') }),
              })
            }
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : isError ? (
          <LoadError
            title="Could not load your kept connections"
            message={error.message}
            onRetry={() => void refetch()}
          />
        ) : count === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Users className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">{CONNECTIONS_MESSAGES.noneKept}</p>
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="Kept connections">
            {data.items.map((kept) => (
              <KeptRow key={kept.id} kept={kept} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function KeptRow({ kept }: { kept: KeptConnection }) {
  const remove = useDeleteKeptConnection();
  const name = connectionName(kept.connection);
  const open = kept.role?.status === 'OPEN';
  return (
    <li className="grid gap-3 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <ProfileLink connection={kept.connection} />
        <p className="text-sm text-muted-foreground">{positionLine(kept.connection)}</p>
        {kept.role ? (
          <p className="mt-1 text-sm">
            Fits{' '}
            <Link to={`/job/${kept.role.jobId}`} className="text-primary hover:underline">
              {kept.role.title}
            </Link>
            {open ? '' : ' (no longer open)'}
          </p>
        ) : null}
        {kept.referrer ? (
          <p className="mt-1 text-sm">
            {kept.referrer.name} refers at{' '}
            <Link to={`/company/${kept.referrer.company.slug}/referrers`} className="text-primary hover:underline">
              {kept.referrer.company.name}
            </Link>
          </p>
        ) : null}
        <p className="mt-1 text-xs text-muted-foreground">Kept {formatDate(kept.createdAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {kept.role && open ? (
          <Button asChild size="sm">
            <Link to={referHref(kept.connection, kept.role.jobId)} aria-label={`Refer ${name} for ${kept.role.title}`}>
              <UserPlus aria-hidden />
              Refer
            </Link>
          </Button>
        ) : null}
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} disabled={remove.isPending}>
              <Trash2 aria-hidden />
              Remove
            </Button>
          }
          title={CONNECTIONS_MESSAGES.removeTitle(name)}
          description={CONNECTIONS_MESSAGES.removeBody}
          confirmLabel="Remove"
          destructive
          onConfirm={() =>
            // mutateAsync: the row unmounts once removed, and the toast outlives it.
            void remove.mutateAsync(kept.id).then(
              () => toast.success(CONNECTIONS_MESSAGES.deleted, { description: name }),
              (failure: Error) => toast.error('Error', { description: errorMessage(failure, 'Try again.') }),
            )
          }
        />
      </div>
    </li>
  );
}
