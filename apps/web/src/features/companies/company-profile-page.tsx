import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { COMPANY_MESSAGES, companyProfileUpdateSchema, EMPLOYEE_COUNT_RANGES, type Company } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/features/auth/api';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { companyQueryOptions, useUpdateCompany } from './api';
import { BackToDashboard } from './back-to-dashboard';
import { IndustriesInput } from './industries-input';

const toast = scopedToast('company-profile-page');

type ProfileFormInput = z.input<typeof companyProfileUpdateSchema>;
type ProfileFormOutput = z.output<typeof companyProfileUpdateSchema>;
const FIELD_NAMES = ['studioName', 'website', 'description', 'location', 'employeeCount', 'industries'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (value: string): value is FieldName => (FIELD_NAMES as readonly string[]).includes(value);

export function CompanyProfilePage() {
  const { company } = useSession();
  const isAdmin = company?.role === 'companyAdmin';
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
      onSuccess: () => {
        toast.success(COMPANY_MESSAGES.profileUpdatedTitle, { description: COMPANY_MESSAGES.profileUpdated });
        void navigate('/referrer-dashboard');
      },
      onError: (mutationError) => {
        if (mutationError instanceof ApiError) {
          for (const [field, message] of Object.entries(mutationError.fields)) {
            if (isFieldName(field)) form.setError(field, { message });
          }
        }
        toast.error('Could not save the profile', { description: mutationError.message });
      },
    });

  const describedBy = (field: FieldName, hint?: string) =>
    [hint, errors[field] ? `company-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Company details</CardTitle>
        <CardDescription>All fields except industries are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor="company-studioName">Company Name</Label>
            <Input
              id="company-studioName"
              autoComplete="organization"
              required
              aria-invalid={!!errors.studioName}
              aria-describedby={describedBy('studioName')}
              {...form.register('studioName')}
            />
            <FieldError id="company-studioName-error" message={errors.studioName?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-website">Website</Label>
            <Input
              id="company-website"
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              required
              aria-invalid={!!errors.website}
              aria-describedby={describedBy('website')}
              {...form.register('website')}
            />
            <FieldError id="company-website-error" message={errors.website?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-description">Description</Label>
            <Textarea
              id="company-description"
              rows={6}
              required
              aria-invalid={!!errors.description}
              aria-describedby={describedBy('description', 'company-description-hint')}
              {...form.register('description')}
            />
            <p id="company-description-hint" className="text-sm text-muted-foreground">
              What your company does, who it serves and what it is like to work there.
            </p>
            <FieldError id="company-description-error" message={errors.description?.message} />
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="company-location">Location</Label>
              <Input
                id="company-location"
                placeholder="e.g. Boston, MA"
                required
                aria-invalid={!!errors.location}
                aria-describedby={describedBy('location')}
                {...form.register('location')}
              />
              <FieldError id="company-location-error" message={errors.location?.message} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="company-employeeCount">Number of employees</Label>
              <Controller
                control={form.control}
                name="employeeCount"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="company-employeeCount"
                      aria-invalid={!!errors.employeeCount}
                      aria-describedby={describedBy('employeeCount')}
                      onBlur={field.onBlur}
                    >
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
              <FieldError id="company-employeeCount-error" message={errors.employeeCount?.message} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="company-industries">Industries (optional)</Label>
            <Controller
              control={form.control}
              name="industries"
              render={({ field }) => (
                <IndustriesInput
                  id="company-industries"
                  value={field.value ?? []}
                  onChange={field.onChange}
                  aria-invalid={!!errors.industries}
                  aria-describedby={describedBy('industries', 'company-industries-hint')}
                />
              )}
            />
            <p id="company-industries-hint" className="text-sm text-muted-foreground">
              Press Enter or type a comma after each industry.
            </p>
            <FieldError id="company-industries-error" message={errors.industries?.message} />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/referrer-dashboard">Cancel</Link>
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
