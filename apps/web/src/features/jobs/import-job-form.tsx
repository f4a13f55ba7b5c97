import { AlertCircle, Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useImportJob, type JobImportData } from './api';

export const EXAMPLE_IMPORT_URL = 'https://boards.greenhouse.io/example/jobs/123456';

export const IMPORT_MESSAGES = {
  urlRequired: 'Please enter a job URL',
  urlInvalid: 'Please enter a valid URL (e.g., https://example.com/job)',
  failedAlert:
    'Failed to import job details. The URL might be unsupported or the service may be temporarily unavailable. Please try again or enter details manually.',
  failedTitle: 'Error',
  failed: 'Failed to import job details. Please try entering details manually.',
  successTitle: 'Success',
  success: 'Job details imported successfully',
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The 'Import from URL' tab (SPEC §2, §5 'Job URL import', §8 'Job import (form)'). */
export function ImportJobForm({ onImported }: { onImported: (data: JobImportData) => void }) {
  const [url, setUrl] = useState('');
  const [failed, setFailed] = useState(false);
  const importJob = useImportJob();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = url.trim();
    if (!value) {
      toast.error(IMPORT_MESSAGES.urlRequired);
      return;
    }
    if (!isHttpUrl(value)) {
      toast.error(IMPORT_MESSAGES.urlInvalid);
      return;
    }
    setFailed(false);
    importJob.mutate(value, {
      onSuccess: (data) => {
        toast.success(IMPORT_MESSAGES.successTitle, { description: IMPORT_MESSAGES.success });
        onImported(data);
      },
      onError: () => {
        setFailed(true);
        toast.error(IMPORT_MESSAGES.failedTitle, { description: IMPORT_MESSAGES.failed });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Paste the address of a job posting (for example on Greenhouse or Lever) and we will fill in the form for you to
        review.
      </p>
      <div className="grid gap-2">
        <Label htmlFor="job-import-url">Job posting URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="job-import-url"
            type="url"
            inputMode="url"
            required
            placeholder="https://company.com/careers/job-posting"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            disabled={importJob.isPending}
          />
          <Button type="submit" disabled={importJob.isPending} className="sm:w-32">
            <Link2 aria-hidden />
            {importJob.isPending ? 'Importing...' : 'Import'}
          </Button>
        </div>
        <div>
          <Button
            type="button"
            variant="link"
            className="text-sm"
            onClick={() => {
              setUrl(EXAMPLE_IMPORT_URL);
              setFailed(false);
            }}
          >
            Try example URL
          </Button>
        </div>
      </div>
      {failed ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertTitle>Import failed</AlertTitle>
          <AlertDescription>{IMPORT_MESSAGES.failedAlert}</AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}
