import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  SELF_ID_FORM_TEXTS,
  SELF_ID_FORMS,
  SELF_ID_PERIODS,
  SELF_ID_TEXTS,
  selfIdSettingsSchema,
  type SelfIdReportQuery,
  type SelfIdSettings,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage, isRefusal } from '@/lib/api';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { selfIdReportQueryOptions, selfIdSettingsQueryOptions, useSaveSelfIdSettings } from './api';

const toast = scopedToast('self-id-page');
const PERIOD_LABELS: Record<SelfIdReportQuery['period'], string> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** /company-dashboard/self-identification: the admin's settings and the compliance member's aggregate report. */
export function SelfIdPage() {
  usePageTitle(SELF_ID_TEXTS.pageTitle);
  const { company, isCompanyAdmin } = useSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{SELF_ID_TEXTS.pageTitle}</h1>
        <p className="mt-2 text-muted-foreground">{SELF_ID_TEXTS.pageIntro}</p>
      </header>
      {company ? (
        <div className="grid gap-6">
          {isCompanyAdmin ? <SettingsCard companyId={company.id} /> : null}
          <ReportCard companyId={company.id} />
        </div>
      ) : (
        <Alert role="status">
          <AlertTitle>{SELF_ID_TEXTS.pageTitle}</AlertTitle>
          <AlertDescription>{SELF_ID_TEXTS.settingsAdminsOnly}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function SettingsCard({ companyId }: { companyId: string }) {
  const settings = useQuery(selfIdSettingsQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{SELF_ID_TEXTS.settingsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-5 w-48" />
          </div>
        ) : settings.isError ? (
          <LoadError
            title={SELF_ID_TEXTS.settingsTitle}
            message={errorMessage(settings.error, SELF_ID_TEXTS.reportError)}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsForm companyId={companyId} initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ companyId, initial }: { companyId: string; initial: SelfIdSettings }) {
  const save = useSaveSelfIdSettings(companyId);
  const form = useForm<SelfIdSettings>({ resolver: zodResolver(selfIdSettingsSchema), defaultValues: initial });
  const onValid = (values: SelfIdSettings) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(SELF_ID_TEXTS.settingsSaved);
      },
      onError: (e) => toast.error(errorMessage(e, SELF_ID_TEXTS.failed)),
    });
  const formsError = form.formState.errors.forms?.message;
  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('enabled')} />
        {SELF_ID_TEXTS.settingsEnable}
      </label>
      <fieldset className="grid gap-2" aria-describedby={formsError ? 'self-id-forms-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">{SELF_ID_TEXTS.settingsForms}</legend>
        {SELF_ID_FORMS.map((f) => (
          <label key={f} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={f} className="mt-0.5 size-4 accent-primary" {...form.register('forms')} />
            <span>
              {SELF_ID_FORM_TEXTS[f].title}
              <span className="block text-xs text-muted-foreground">{SELF_ID_FORM_TEXTS[f].source}</span>
            </span>
          </label>
        ))}
        {formsError ? (
          <p id="self-id-forms-error" className="text-sm text-destructive" role="alert">
            {formsError}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" className="w-full sm:w-fit" disabled={save.isPending}>
        {SELF_ID_TEXTS.settingsSave}
      </Button>
    </Form>
  );
}

function ReportCard({ companyId }: { companyId: string }) {
  const [period, setPeriod] = useState<SelfIdReportQuery['period']>('quarter');
  const report = useQuery(selfIdReportQueryOptions(companyId, { period }));
  const refused = report.isError && isRefusal(report.error);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{SELF_ID_TEXTS.reportTitle}</CardTitle>
        {report.data ? <CardDescription>{SELF_ID_TEXTS.reportIntro(report.data.minCell)}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {refused ? (
          <Alert role="status">
            <AlertDescription>{SELF_ID_TEXTS.reportRefused}</AlertDescription>
          </Alert>
        ) : report.isError ? (
          <LoadError
            title={SELF_ID_TEXTS.reportError}
            message={errorMessage(report.error, SELF_ID_TEXTS.reportError)}
            onRetry={() => void report.refetch()}
          />
        ) : (
          <>
            <div className="grid max-w-48 gap-2">
              <Label htmlFor="self-id-period">{SELF_ID_TEXTS.period}</Label>
              <NativeSelect
                id="self-id-period"
                value={period}
                onChange={(e) => setPeriod(e.target.value as SelfIdReportQuery['period'])}
              >
                {SELF_ID_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {PERIOD_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {report.isPending ? (
              <div className="grid gap-2" aria-busy="true">
                <Skeleton className="h-8 w-full" />
                <Skeleton className="h-8 w-full" />
              </div>
            ) : report.data.rows.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground">{SELF_ID_TEXTS.reportEmpty}</p>
            ) : (
              report.data.rows.map((row) => (
                <section key={`${row.jobId}-${row.period}`} className="grid gap-2 rounded-md border p-3">
                  <h3 className="font-semibold">
                    {row.jobTitle} · {row.period}
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    {SELF_ID_TEXTS.respondents}: {row.respondents ?? SELF_ID_TEXTS.suppressed}
                  </p>
                  <div className="overflow-x-auto">
                    <Table>
                      <TableHeader>
                        <TableRow>
                          <TableHead>Answer</TableHead>
                          <TableHead className="text-right">Count</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {row.questions.flatMap((q) => [
                          <TableRow key={q.question} className="bg-muted/50 hover:bg-muted/50">
                            <TableHead colSpan={2} scope="colgroup" className="text-foreground">
                              {SELF_ID_TEXTS.questionLabels[q.question]}
                            </TableHead>
                          </TableRow>,
                          ...q.cells.map((cell) => (
                            <TableRow key={`${q.question}-${cell.choice}`}>
                              <TableCell className="text-sm">{cell.label}</TableCell>
                              <TableCell className="text-right tabular-nums">
                                {cell.count ?? SELF_ID_TEXTS.suppressed}
                              </TableCell>
                            </TableRow>
                          )),
                        ])}
                      </TableBody>
                    </Table>
                  </div>
                </section>
              ))
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
