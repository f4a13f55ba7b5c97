import { useQuery } from '@tanstack/react-query';
import { Bell, Search, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { jobSearchUrl } from '@referwell/shared/url-filters/job-search';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NEW_LIMIT, type SavedSearch } from '@referwell/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AlertFrequencySelect } from './alert-frequency-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { savedSearchesQueryOptions, useDeleteSavedSearch, useMarkSavedSearchSeen, useUpdateSavedSearch } from './api';

const toast = scopedToast('saved-searches-card');

const newLabel = (n: number) => `${n > SAVED_SEARCH_NEW_LIMIT ? `${SAVED_SEARCH_NEW_LIMIT}+` : n} new`;

/** The job seeker's dashboard: saved searches, their new jobs since last look, and each one's e-mail alerts. */
export function SavedSearchesCard() {
  const { data, isPending, isError, refetch } = useQuery(savedSearchesQueryOptions);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Bell className="size-5 text-primary" aria-hidden />
          Saved searches
        </CardTitle>
        <CardDescription>New jobs matching your searches, and how often we e-mail them to you.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid gap-3" aria-busy>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">
            Could not load your saved searches.{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => void refetch()}>
              Try again
            </Button>
          </p>
        ) : data.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">
              No saved searches yet. Search for jobs and choose Save search to hear about new ones.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/search-jobs">
                <Search aria-hidden />
                Search jobs
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Saved searches">
            {data.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const seen = useMarkSavedSearchSeen();
  const alertId = `saved-search-alert-${search.id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-center gap-2">
        <Link
          to={jobSearchUrl.href(jobSearchUrl.parse(new URLSearchParams(search.query)))}
          className="truncate font-medium hover:text-primary hover:underline"
          onClick={() => seen.mutate(search.id)}
        >
          {search.name}
        </Link>
        {search.newJobs > 0 ? <Badge variant="accepted">{newLabel(search.newJobs)}</Badge> : null}
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={alertId} className="sr-only">
          E-mail alerts for {search.name}
        </label>
        <AlertFrequencySelect
          value={search.alert}
          trigger={{ id: alertId, className: 'w-32' }}
          onChange={(alert) =>
            update.mutate(
              { id: search.id, alert },
              {
                onSuccess: () => toast.success(SAVED_SEARCH_MESSAGES.alertChanged),
                onError: (error) => toast.error('Could not change the alert', { description: error.message }),
              },
            )
          }
        />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Delete saved search ${search.name}`}>
              <Trash2 aria-hidden />
            </Button>
          }
          title={<>Delete "{search.name}"?</>}
          description="Its job alerts stop. You can save the search again later."
          confirmLabel="Delete"
          destructive
          onConfirm={() =>
            // mutateAsync: the row unmounts once removed, and the toast outlives it.
            void remove.mutateAsync(search.id).then(
              () => toast.success(SAVED_SEARCH_MESSAGES.deleted),
              (error: Error) => toast.error('Could not delete the search', { description: error.message }),
            )
          }
        />
      </div>
    </li>
  );
}
