import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import {
  COMPANY_MESSAGES,
  companyProfileUpdateSchema,
  EMPLOYEE_COUNT_RANGES,
  US_STATES,
  type Company,
} from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { useSession } from '@/lib/session';
import { fieldErrors } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { companyQueryOptions, useUpdateCompany } from './api';
import { IndustriesInput } from './industries-input';

const toast = scopedToast('company-profile-page');

type ProfileFormInput = z.input<typeof companyProfileUpdateSchema>;
type ProfileFormOutput = z.output<typeof companyProfileUpdateSchema>;
const FIELD_NAMES = [
  'studioName',
  'website',
  'description',
  'location',
  'employeeCount',
  'industries',
  'staffStates',
] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (value: string): value is FieldName => (FIELD_NAMES as readonly string[]).includes(value);

export function CompanyProfilePage() {
  const { company, isCompanyAdmin: isAdmin } = useSession();
  usePageTitle(isAdmin ? COMPANY_MESSAGES.editProfileTitle : 'Company Profile');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight">
          {isAdmin ? COMPANY_MESSAGES.editProfileTitle : 'Company Profile'}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {isAdmin
            ? 'This is what candidates and referrers see on your public company page.'
            : 'Your company profile as candidates see it.'}
        </p>
      </header>
      {!company ? (
        <Alert role="status">
          <AlertTitle>You are not part of a company yet</AlertTitle>
          <AlertDescription>Ask your company admin to send you an invitation.</AlertDescription>
        </Alert>
      ) : isAdmin ? (
        <EditProfile companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>Read only</AlertTitle>
          <AlertDescription>
            <p>Only company administrators can edit the company profile.</p>
            <Link to={`/company/${company.slug}`} className="font-medium text-primary underline">
              View the public profile of {company.name}
            </Link>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function EditProfile({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(companyQueryOptions(companyId));
  if (isPending) {
    return (
      <Card aria-busy>
        <CardContent className="grid gap-6 pt-6">
          <Spinner label="Loading company profile..." className="sr-only" />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="grid gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className={row === 2 ? 'h-28 w-full' : 'h-10 w-full'} />
            </div>
          ))}
        </CardContent>
      </Card>
    );
  }
  if (isError) {
    return (
      <LoadError title="Could not load the company profile" message={error.message} onRetry={() => void refetch()} />
    );
  }
  return <ProfileForm company={data} />;
}

function ProfileForm({ company }: { company: Company }) {
  const navigate = useNavigate();
  const update = useUpdateCompany(company.id);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(companyProfileUpdateSchema),
    defaultValues: {
      studioName: company.name,
      website: company.website ?? '',
      description: company.description ?? '',
      location: company.location ?? '',
      employeeCount: company.employeeCount ?? '',
      industries: company.industries,
      staffStates: company.staffStates,
    },
  });
  const { errors } = form.formState;
  const currentCount = company.employeeCount;
  const ranges =
    currentCount && !(EMPLOYEE_COUNT_RANGES as readonly string[]).includes(currentCount)
      ? [currentCount, ...EMPLOYEE_COUNT_RANGES]
      : EMPLOYEE_COUNT_RANGES;

  const onSubmit = (values: ProfileFormOutput) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        // Open jobs that a state's pay transparency law now reaches stay open, flagged on the Jobs board: say so.
        if (saved.openJobsNeedingPayRange > 0)
          toast.info(COMPANY_MESSAGES.profileUpdatedTitle, {
            description: COMPANY_MESSAGES.staffStatesJobsFlagged(saved.openJobsNeedingPayRange),
          });
        else toast.success(COMPANY_MESSAGES.profileUpdatedTitle, { description: COMPANY_MESSAGES.profileUpdated });
        void navigate('/referrer-dashboard');
      },
      onError: (mutationError) => {
        for (const [field, message] of Object.entries(fieldErrors(mutationError))) {
          if (isFieldName(field)) form.setError(field, { message });
        }
        toast.error('Could not save the profile', { description: mutationError.message });
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Company details</CardTitle>
        <CardDescription>All fields except industries are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onValid={onSubmit} className="grid gap-6">
          <FormField id="company-studioName" label="Company Name" error={errors.studioName?.message}>
            {(control) => <Input {...control} autoComplete="organization" required {...form.register('studioName')} />}
          </FormField>
          <FormField id="company-website" label="Website" error={errors.website?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://example.com"
                required
                {...form.register('website')}
              />
            )}
          </FormField>
          <FormField
            id="company-description"
            label="Description"
            hint="What your company does, who it serves and what it is like to work there."
            error={errors.description?.message}
          >
            {(control) => <Textarea {...control} rows={6} required {...form.register('description')} />}
          </FormField>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="company-location" label="Location" error={errors.location?.message}>
              {(control) => (
                <Input {...control} placeholder="e.g. Boston, MA" required {...form.register('location')} />
              )}
            </FormField>
            <FormField id="company-employeeCount" label="Number of employees" error={errors.employeeCount?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="employeeCount"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger {...control} onBlur={field.onBlur}>
                        <SelectValue placeholder="Select a range" />
                      </SelectTrigger>
                      <SelectContent>
                        {ranges.map((range) => (
                          <SelectItem key={range} value={range}>
                            {range}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
          </div>
          <FormField
            id="company-industries"
            label="Industries (optional)"
            hint="Press Enter or type a comma after each industry."
            error={errors.industries?.message}
          >
            {(control) => (
              <Controller
                control={form.control}
                name="industries"
                render={({ field }) => (
                  <IndustriesInput {...control} value={field.value ?? []} onChange={field.onChange} />
                )}
              />
            )}
          </FormField>
          <fieldset
            className="grid gap-2"
            aria-describedby={`company-staffStates-hint${errors.staffStates ? ' company-staffStates-error' : ''}`}
          >
            <legend className="text-sm font-medium">{COMPANY_MESSAGES.staffStatesLabel}</legend>
            <p id="company-staffStates-hint" className="text-sm text-muted-foreground">
              {COMPANY_MESSAGES.staffStatesHint}
            </p>
            <div className="grid max-h-60 grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto rounded-md border p-3 sm:grid-cols-3">
              {US_STATES.map((state) => (
                <label key={state.code} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    value={state.code}
                    className="size-4 shrink-0 accent-primary"
                    {...form.register('staffStates')}
                  />
                  <span>
                    {state.name} <span className="text-muted-foreground">({state.code})</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.staffStates ? (
              <p id="company-staffStates-error" className="text-sm text-destructive" role="alert">
                {errors.staffStates.message}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/referrer-dashboard">Cancel</Link>
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
