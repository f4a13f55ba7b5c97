import { useQuery } from '@tanstack/react-query';
import { Download, FileArchive } from 'lucide-react';
import { scopedToast } from '@/lib/toast';
import { ACCOUNT_DATA_MESSAGES, DATA_EXPORT_DAYS, type DataExportStatus } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { dataExportQueryOptions, useRequestDataExport } from './api';

const toast = scopedToast('data-export-card');

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1_000_000).toFixed(1)} MB`;

/** "Export my data": ask for a ZIP of everything Referwell holds about you, then download it from here or the mail. */
export function DataExportCard() {
  const status = useQuery(dataExportQueryOptions);
  const request = useRequestDataExport();
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(ACCOUNT_DATA_MESSAGES.exportRequested),
      onError: (error) => toast.error(error.message),
    });

  return (
    <Card id="data-export">
      <CardHeader>
        <CardTitle as="h2">Export my data</CardTitle>
        <CardDescription>
          A ZIP file with your profile, applications, referral requests and referrals, messages, notifications, kudos,
          settings and the résumé you uploaded. We prepare it in the background and e-mail you a link that works for{' '}
          {DATA_EXPORT_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : status.isError ? (
          <LoadError
            title="Could not load your data export"
            message={status.error.message}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <ExportState data={status.data} onAsk={ask} asking={request.isPending} />
        )}
      </CardContent>
    </Card>
  );
}

function ExportState({ data, onAsk, asking }: { data: DataExportStatus; onAsk: () => void; asking: boolean }) {
  const askButton = (label: string, variant: 'default' | 'outline' = 'default') => (
    <Button variant={variant} className="w-full sm:w-fit" onClick={onAsk} disabled={asking}>
      <FileArchive aria-hidden />
      {asking ? 'Asking...' : label}
    </Button>
  );
  switch (data.state) {
    case 'preparing':
      return (
        <p className="flex items-center gap-2 text-sm">
          <Spinner label="Preparing" />
          Preparing your data (asked {formatDate(data.requestedAt!)}). We will e-mail you when it is ready.
        </p>
      );
    case 'ready':
      return (
        <div className="grid gap-3">
          <p role="status" className="text-sm">
            Your data is ready ({megabytes(data.sizeBytes ?? 0)}). The download works until{' '}
            {formatDate(data.expiresAt!)}.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild className="w-full sm:w-fit">
              <a href={data.downloadUrl!} download>
                <Download aria-hidden />
                Download my data
              </a>
            </Button>
            {askButton('Prepare a new export', 'outline')}
          </div>
        </div>
      );
    case 'expired':
      return (
        <div className="grid gap-3">
          <p role="status" className="text-sm text-muted-foreground">
            Your last export expired on {formatDate(data.expiresAt!)}. Ask for a new one to download your data.
          </p>
          {askButton('Export my data')}
        </div>
      );
    default:
      return askButton('Export my data');
  }
}
