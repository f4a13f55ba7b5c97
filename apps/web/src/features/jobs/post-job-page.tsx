import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { cleanSkillList, COMPANY_JOBS_MESSAGES, JOB_MESSAGES, type JobInput } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateJob, type JobImportData } from './api';
import { ImportJobForm } from './import-job-form';
import { type ImportReview, ImportSummary, reviewImport, SuggestedSkills } from './import-review';
import { importedToForm } from '@referwell/shared/rules/imported-job';
import { emptyJobForm, JobFormFields, reportSaveError, useJobForm } from './job-form';

const toast = scopedToast('post-job-page');

type Tab = 'manual' | 'import';

/** Post a New Job (/post-job, SPEC §2): manual entry or import from a posting's URL. */
export function PostJobPage() {
  usePageTitle('Post a New Job');
  const { user, company } = useSession();
  const canPost = user?.type !== 'jobseeker' && company !== null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="mb-4 -ml-3">
        <Link to="/referrer-dashboard">
          <ArrowLeft aria-hidden />
          Back to Dashboard
        </Link>
      </Button>
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">Post a New Job</h1>
        <p className="mt-2 text-muted-foreground">
          Describe the role so job seekers can apply and your team can refer candidates.
        </p>
      </header>
      {canPost ? (
        <PostJobEditor companyName={company.name} />
      ) : (
        <Alert role="status">
          <AlertTitle>You cannot post jobs</AlertTitle>
          <AlertDescription>{JOB_MESSAGES.notAllowedToPost}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function PostJobEditor({ companyName }: { companyName: string }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('manual');
  const form = useJobForm(emptyJobForm(companyName));
  const create = useCreateJob();
  const [review, setReview] = useState<ImportReview | null>(null);
  const [suggested, setSuggested] = useState<string[]>([]);

  const onImported = (data: JobImportData) => {
    form.reset(importedToForm(form.getValues(), data));
    setReview(reviewImport(data));
    setSuggested(data.suggested_skills ?? []);
    setTab('manual');
  };
  const addSuggested = (skill: string) => {
    form.setValue('skills', cleanSkillList([...(form.getValues('skills') ?? []), skill]), { shouldDirty: true });
    setSuggested((list) => list.filter((s) => s !== skill));
  };
  const attention = review ? new Set(review.attention.map((f) => f.name)) : undefined;

  const save = (values: JobInput, draft: boolean) =>
    create.mutate(
      // A job filled from an import is kept as a draft, with the reason, when a pay transparency law asks for a range.
      { job: values, draft, imported: review !== null },
      {
        onSuccess: (job) => {
          if (job.payTransparency?.heldReason) {
            toast.info(JOB_MESSAGES.payHeldTitle, { description: job.payTransparency.heldReason });
          } else if (draft) {
            toast.success(COMPANY_JOBS_MESSAGES.draftSavedTitle, { description: COMPANY_JOBS_MESSAGES.draftSaved });
          } else toast.success(JOB_MESSAGES.postedTitle, { description: JOB_MESSAGES.posted });
          void navigate(`/job/${job.id}`);
        },
        onError: (error) => reportSaveError(form, error),
      },
    );

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <TabsList aria-label="How to enter the job">
        <TabsTrigger value="manual">Manual Entry</TabsTrigger>
        <TabsTrigger value="import">Import from URL</TabsTrigger>
      </TabsList>
      <TabsContent value="manual">
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={form.handleSubmit((values) => save(values, false))} className="grid gap-8">
              {review ? <ImportSummary review={review} /> : null}
              <SuggestedSkills skills={suggested} onAdd={addSuggested} onDismiss={() => setSuggested([])} />
              <JobFormFields form={form} attention={attention} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button asChild variant="outline">
                  <Link to="/referrer-dashboard">Cancel</Link>
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={create.isPending}
                  onClick={form.handleSubmit((values) => save(values, true))}
                >
                  {create.isPending && create.variables?.draft ? 'Saving...' : 'Save as Draft'}
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending && !create.variables?.draft ? 'Posting...' : 'Post Job'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </TabsContent>
      {/* Kept mounted while hidden, so the roles found on a careers site are still listed after using one. */}
      <TabsContent value="import" forceMount className="data-[state=inactive]:hidden">
        <Card>
          <CardContent className="pt-6">
            <ImportJobForm onImported={onImported} />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
