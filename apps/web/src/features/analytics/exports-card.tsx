import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { DATA_EXPORT_DAYS, type CompanyExportStatus } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { companyExportsQueryOptions } from './api';

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1_000_000).toFixed(1)} MB`;

/** The admin's latest CSV exports, newest first, each downloadable until it expires (the link works for them only). */
export function ExportsCard({ companyId }: { companyId: string }) {
  const list = useQuery(companyExportsQueryOptions(companyId));
  return (
    <Card id="exports">
      <CardHeader>
        <CardTitle as="h2">Exports</CardTitle>
        <CardDescription>
          CSV files you asked for, prepared in the background. We notify you when one is ready; each download link works
          for you only, for {DATA_EXPORT_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <LoadError
            title="Could not load your exports"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.exports.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exports yet. Use an Export button above to prepare one.</p>
        ) : (
          <ul className="divide-y" aria-label="Your exports">
            {list.data.exports.map((item) => (
              <ExportRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ExportRow({ item }: { item: CompanyExportStatus }) {
  const covers = item.from && item.to ? `${formatDate(item.from)} – ${formatDate(item.to)}` : 'One job';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">{item.label}</p>
        <p className="text-sm text-muted-foreground">
          {covers} · asked {formatDate(item.requestedAt)}
          {item.sizeBytes !== null && item.state === 'ready' ? ` · ${megabytes(item.sizeBytes)}` : ''}
        </p>
      </div>
      <ExportAction item={item} />
    </li>
  );
}

function ExportAction({ item }: { item: CompanyExportStatus }) {
  switch (item.state) {
    case 'preparing':
      return <Spinner size="sm" showLabel label="Preparing…" className="text-sm" />;
    case 'ready':
      return (
        <Button asChild variant="outline" size="sm" className="w-full sm:w-fit">
          <a href={item.downloadUrl!} download={item.fileName ?? true}>
            <Download aria-hidden />
            Download<span className="sr-only"> {item.label} CSV</span>
          </a>
        </Button>
      );
    case 'expired':
      return <p className="text-sm text-muted-foreground">Expired on {formatDate(item.expiresAt!)}</p>;
    case 'failed':
      return <p className="text-sm text-destructive">Could not be prepared. Please ask again.</p>;
  }
}
