import { AlertCircle, Globe, Link2, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { scopedToast } from '@/lib/toast';
import { EMPLOYMENT_TYPE_LABELS, JOB_IMPORT_MESSAGES, type EmploymentType } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { errorMessage } from '@/lib/api';
import { ImportRefusedError, useCrawlStatus, useImportJob, useStartCrawl, type JobImportData } from './api';

const toast = scopedToast('import-job-form');

export const EXAMPLE_IMPORT_URL = 'https://boards.greenhouse.io/example/jobs/123456';

/** The import texts live in the shared contract (SPEC §5 'Job URL import', §8 'Job import (form)'). */
export const IMPORT_MESSAGES = JOB_IMPORT_MESSAGES;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The trimmed URL when it is a valid http(s) URL; otherwise toasts the spec's message and returns null. */
function checkedUrl(value: string): string | null {
  const url = value.trim();
  if (!url) {
    toast.error(IMPORT_MESSAGES.urlRequired);
    return null;
  }
  if (!isHttpUrl(url)) {
    toast.error(IMPORT_MESSAGES.urlInvalid);
    return null;
  }
  return url;
}

/** The 'Import from URL' tab (SPEC §2, §5 'Job URL import', §8 'Job import (form)'). */
export function ImportJobForm({ onImported }: { onImported: (data: JobImportData) => void }) {
  const [url, setUrl] = useState('');
  /** Why the last import failed: what the server found on the page, or the spec's alert when it was not reached. */
  const [failure, setFailure] = useState<string | null>(null);
  const importJob = useImportJob();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = checkedUrl(url);
    if (!value) return;
    setFailure(null);
    importJob.mutate(value, {
      onSuccess: (data) => {
        toast.success(IMPORT_MESSAGES.successTitle, { description: IMPORT_MESSAGES.success });
        onImported(data);
      },
      onError: (error) => {
        // The page was read but held no job (it says why), or the request was refused (4xx, with a reason): the
        // reason is shown. The spec's alert is for when the service or the site could not be reached at all.
        setFailure(
          error instanceof ImportRefusedError ? error.message : errorMessage(error, IMPORT_MESSAGES.failedAlert),
        );
        toast.error(IMPORT_MESSAGES.failedTitle, { description: IMPORT_MESSAGES.failed });
      },
    });
  };

  return (
    <div className="grid gap-8">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          Paste the address of a job posting (for example on Greenhouse or Lever) and we will fill in the form for you
          to review.
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
                setFailure(null);
              }}
            >
              Try example URL
            </Button>
          </div>
        </div>
        {failure ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden />
            <AlertTitle>Import failed</AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
      </form>
      <Separator />
      <CrawlSiteForm onImported={onImported} />
    </div>
  );
}

const jobTypeLabel = (value: string) => EMPLOYMENT_TYPE_LABELS[value as EmploymentType] ?? '';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Visited 3 pages, found 1 job': a running search's progress. */
export const crawlProgressText = (pagesVisited: number, jobsFound: number) =>
  `Visited ${plural(pagesVisited, 'page', 'pages')}, found ${plural(jobsFound, 'job', 'jobs')}`;

/**
 * 'Import all open roles from your careers site': POST /api/jobs/crawl starts a background search, whose progress is
 * polled until it is done; then one job at a time goes into the form.
 */
function CrawlSiteForm({ onImported }: { onImported: (data: JobImportData) => void }) {
  const [url, setUrl] = useState('');
  const [crawlId, setCrawlId] = useState<string | null>(null);
  const start = useStartCrawl();
  const status = useCrawlStatus(crawlId);
  const headingId = useId();
  const inputId = useId();

  const crawl = crawlId ? status.data : undefined;
  const failure = start.isError
    ? IMPORT_MESSAGES.crawlFailed
    : crawlId && status.isError
      ? IMPORT_MESSAGES.crawlFailed
      : crawl?.state === 'failed'
        ? (crawl.error ?? IMPORT_MESSAGES.crawlFailed)
        : null;
  const searching = start.isPending || (!!crawlId && !failure && crawl?.state !== 'done');

  useEffect(() => {
    if (failure) toast.error(IMPORT_MESSAGES.failedTitle, { description: failure });
  }, [failure]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = checkedUrl(url);
    if (!value) return;
    setCrawlId(null);
    start.mutate(value, { onSuccess: (started) => setCrawlId(started.id) });
  };

  const chooseJob = (job: JobImportData) => {
    toast.success(IMPORT_MESSAGES.successTitle, { description: IMPORT_MESSAGES.success });
    onImported(job);
  };

  const found = crawl?.state === 'done' && crawl.result ? crawl.result.jobs : null;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-base font-semibold">
          Import all open roles from your careers site
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          We look through your careers site for job postings (this can take up to two minutes) and list them so you can
          post each one.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-2">
        <Label htmlFor={inputId}>Careers site URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            type="url"
            inputMode="url"
            required
            placeholder="https://company.com/careers"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            disabled={searching}
          />
          <Button type="submit" variant="outline" disabled={searching} className="sm:w-32">
            <Globe aria-hidden />
            {searching ? 'Searching...' : 'Find Jobs'}
          </Button>
        </div>
      </form>
      {searching ? (
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {crawl && crawl.state === 'running'
            ? `${crawlProgressText(crawl.pagesVisited, crawl.jobsFound)}...`
            : 'Starting the search...'}
        </p>
      ) : null}
      {failure ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertTitle>Search failed</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      {found && found.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {IMPORT_MESSAGES.crawlNoJobs}
        </p>
      ) : null}
      {found && found.length > 0 ? (
        <div className="grid gap-2">
          <p role="status" className="text-sm text-muted-foreground">
            {found.length === 1 ? 'Found 1 open role.' : `Found ${found.length} open roles.`}
          </p>
          <ul aria-label="Roles found" className="grid gap-2">
            {found.map(({ url: jobUrl, job }) => (
              <li
                key={jobUrl}
                className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{job.title}</p>
                  <p className="text-sm break-words text-muted-foreground">
                    {[job.company, job.location, jobTypeLabel(job.job_type)].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  onClick={() => chooseJob(job)}
                  aria-label={`Use this job: ${job.title}`}
                  className="shrink-0"
                >
                  Use this job
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
