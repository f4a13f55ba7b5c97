import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditEntry } from '@referwell/shared';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { useSession } from '@/lib/session';
import { auditLogUrl } from '@referwell/shared/url-filters/audit-log';
import { useUrlFilters } from '@/lib/url-filters';
import { usePageTitle } from '@/lib/use-page-title';
import { auditLogQueryOptions } from './api';
import { describeAuditChange } from './audit-format';

const ANY = 'any';
const PAGE_SIZE = 25;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** /company-dashboard/audit-log: who changed what in the company, for its admins. */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const { company, isCompanyAdmin: isAdmin } = useSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Audit log</h1>
        <p className="mt-2 text-muted-foreground">
          Every change to {company?.name ?? 'your company'}’s team, invite code, referrals, candidate stages and
          bonuses, with who made it and when. Entries cannot be edited or removed.
        </p>
      </header>
      {company && isAdmin ? (
        <AuditLog companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>The audit log is for admins</AlertTitle>
          <AlertDescription>Only company administrators can read the audit log.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function AuditLog({ companyId }: { companyId: string }) {
  const [filters, setFilters] = useUrlFilters(auditLogUrl, { replace: true });
  const { action, actorId, from, to, page } = filters;
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery(
    auditLogQueryOptions(companyId, { action, actorId, from, to, page, pageSize: PAGE_SIZE }),
  );

  // A new filter starts again at the first page.
  const filterBy = (changes: Partial<typeof filters>) => setFilters({ ...filters, page: 1, ...changes });
  const filtered = !!(action || actorId || from || to);

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-2">
            <Label htmlFor="audit-action">Action</Label>
            <Select
              value={action ?? ANY}
              onValueChange={(v) => filterBy({ action: AUDIT_ACTION_NAMES.find((name) => name === v) })}
            >
              <SelectTrigger id="audit-action">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>All actions</SelectItem>
                {AUDIT_ACTION_NAMES.map((name) => (
                  <SelectItem key={name} value={name}>
                    {AUDIT_ACTIONS[name]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-actor">Person</Label>
            <Select value={actorId ?? ANY} onValueChange={(v) => filterBy({ actorId: v === ANY ? undefined : v })}>
              <SelectTrigger id="audit-actor">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Everyone</SelectItem>
                {data?.actors.map((a) => (
                  <SelectItem key={a.id} value={a.id}>
                    {a.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-from">From</Label>
            <Input
              id="audit-from"
              type="date"
              value={from ?? ''}
              max={to}
              onChange={(e) => filterBy({ from: e.target.value || undefined })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-to">To</Label>
            <Input
              id="audit-to"
              type="date"
              value={to ?? ''}
              min={from}
              onChange={(e) => filterBy({ to: e.target.value || undefined })}
            />
          </div>
          {filtered ? (
            <Button variant="ghost" className="w-fit sm:col-span-2 lg:col-span-4" onClick={() => setFilters({})}>
              Clear filters
            </Button>
          ) : null}
        </CardContent>
      </Card>

      {isError ? (
        <LoadError title="Could not load the audit log" message={error.message} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ul className="grid gap-2" aria-busy="true" aria-label="Loading the audit log">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? 'No entries match these filters' : 'Nothing recorded yet'}>
          {filtered
            ? 'Try another action, person or date range.'
            : 'Role changes, removed members, new invite codes, referral and stage changes and paid bonuses will appear here.'}
        </EmptyState>
      ) : (
        <section aria-label="Audit entries" aria-busy={isPlaceholderData}>
          <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'entry' : 'entries'}
          </p>
          <ul className="divide-y overflow-hidden rounded-xl border">
            {data.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager
            page={data.page}
            totalPages={data.totalPages}
            onPage={(next) => setFilters({ ...filters, page: next })}
          />
        </section>
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-1 bg-card px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <time dateTime={entry.at} className="text-sm text-muted-foreground">
        {when(entry.at)}
      </time>
      <div className="min-w-0">
        <p className="break-words">
          <span className="font-medium">{entry.actor?.name ?? 'Referwell'}</span>{' '}
          <span className="text-muted-foreground">·</span> {AUDIT_ACTIONS[entry.action]}
          {entry.subject.name ? (
            <>
              {' '}
              <span className="text-muted-foreground">·</span> {entry.subject.name}
            </>
          ) : null}
        </p>
        <p className="break-words text-sm text-muted-foreground">{describeAuditChange(entry)}</p>
      </div>
    </li>
  );
}
