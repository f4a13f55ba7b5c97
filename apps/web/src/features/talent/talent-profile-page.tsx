import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Eye, FileText, Link2, Upload } from 'lucide-react';
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { UnsavedChangesGuard } from '@/components/ui/form';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUS_LABELS,
  ENNEAGRAM_LABELS,
  ENNEAGRAM_TYPES,
  INVOLVEMENT_LABELS,
  INVOLVEMENT_OPTIONS,
  MYERS_BRIGGS_TYPES,
  RESUME_LIMITS,
  RESUME_MESSAGES,
  TALENT_MESSAGES,
  dashboardPathFor,
  profileCompleteness,
  talentProfileFormSchema,
  type ResumeUploadResponse,
  type TalentProfile,
  type TalentProfileForm,
  type TalentProfileInput,
} from '@referwell/shared';
import { ChipInput } from '@/components/chip-input';
import { ChoiceSelect } from '@/components/choice-select';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/features/auth/api';
import { ApiError, errorMessage } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { ownProfileQueryOptions, useSaveProfile, useUploadResume } from './api';

const toast = scopedToast('talent-profile-page');

type ProfileFormController = UseFormReturn<TalentProfileForm, unknown, TalentProfileInput>;
type FieldName = keyof TalentProfileForm;

const MYERS_BRIGGS_LABELS = Object.fromEntries(MYERS_BRIGGS_TYPES.map((t) => [t, t])) as Record<
  (typeof MYERS_BRIGGS_TYPES)[number],
  string
>;

export function profileToForm(p: TalentProfile): TalentProfileForm {
  return {
    name: p.name,
    phone: p.phone ?? '',
    location: p.location ?? '',
    linkedin: p.linkedin ?? '',
    portfolio: p.portfolio ?? '',
    bio: p.bio ?? '',
    superpower: p.superpower ?? '',
    myersBriggs: p.myersBriggs ?? '',
    enneagram: p.enneagram ?? '',
    achievement: p.achievement ?? '',
    titles: p.titles,
    industries: p.industries,
    yearsOfExperience: p.yearsOfExperience,
    employmentStatus: p.employmentStatus ?? '',
    involvement: p.involvement ?? '',
    skills: p.skills,
    technicalSkills: p.technicalSkills,
    softwareTools: p.softwareTools,
    interests: p.interests,
    discoverable: p.discoverable,
  };
}

const mergeList = (current: string[] | undefined, parsed: string[]) => {
  const seen = new Set((current ?? []).map((v) => v.toLowerCase()));
  return [...(current ?? []), ...parsed.filter((v) => !seen.has(v.toLowerCase()))];
};

/** Parsed resume values laid over the form: found values replace empty fields' text, lists are merged. */
export function parsedToForm(current: TalentProfileForm, parsed: ResumeUploadResponse): TalentProfileForm {
  const text = (value: string | null, fallback: string | null | undefined) =>
    value?.trim() ? value.trim() : (fallback ?? '');
  return {
    ...current,
    name: text(parsed.name, current.name),
    phone: text(parsed.phone, current.phone),
    location: text(parsed.location, current.location),
    linkedin: text(parsed.linkedin, current.linkedin),
    portfolio: text(parsed.portfolio, current.portfolio),
    bio: text(parsed.summary, current.bio),
    titles: mergeList(current.titles, parsed.titles).slice(0, 10),
    industries: mergeList(current.industries, parsed.industries),
    skills: mergeList(current.skills, parsed.skills),
    softwareTools: mergeList(current.softwareTools, parsed.softwareTools),
    yearsOfExperience: parsed.yearsOfExperience ?? current.yearsOfExperience,
  };
}

function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={`profile-${name}`}>{label}</Label>
      {children}
      {hint ? (
        <p id={`profile-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`profile-${name}-error`} message={error} />
    </div>
  );
}

/** Edit Profile (/talent-profile, SPEC §2): personal, professional, skills; resume upload and parsing. */
export function TalentProfilePage() {
  usePageTitle('Edit Profile');
  const { user } = useSession();
  const { data, error, refetch, isPending } = useQuery({
    ...ownProfileQueryOptions,
    enabled: user?.type === 'jobseeker',
  });
  if (!user) return null;
  if (user.type !== 'jobseeker') return <Navigate to={dashboardPathFor(user.type)} replace />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      {isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading profile">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : error ? (
        <LoadError title="Could not load your profile" message={error.message} onRetry={() => void refetch()} />
      ) : (
        <ProfileForm profile={data} />
      )}
    </div>
  );
}

function ProfileForm({ profile }: { profile: TalentProfile }) {
  const navigate = useNavigate();
  const save = useSaveProfile();
  const upload = useUploadResume();
  const fileInput = useRef<HTMLInputElement>(null);
  const form: ProfileFormController = useForm<TalentProfileForm, unknown, TalentProfileInput>({
    resolver: zodResolver(talentProfileFormSchema),
    defaultValues: profileToForm(profile),
  });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control });
  const completeness = profileCompleteness({
    titles: values.titles ?? [],
    skills: values.skills ?? [],
    technicalSkills: values.technicalSkills ?? [],
    softwareTools: values.softwareTools ?? [],
    industries: values.industries ?? [],
    interests: values.interests ?? [],
    location: values.location,
    bio: values.bio,
    employmentStatus: values.employmentStatus,
    linkedin: values.linkedin,
    portfolio: values.portfolio,
    hasResume: !!profile.resume,
  });

  useEffect(() => {
    form.reset(profileToForm(profile), { keepDirtyValues: true });
  }, [form, profile]);

  const control = (name: FieldName) => ({
    id: `profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
  });

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input as TalentProfileForm, {
      onSuccess: (saved) => {
        form.reset(profileToForm(saved));
        toast.success(TALENT_MESSAGES.savedTitle, { description: TALENT_MESSAGES.saved });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (field in form.getValues()) form.setError(field as FieldName, { message });
          }
        }
        toast.error(TALENT_MESSAGES.saveFailedTitle, {
          description: errorMessage(error, TALENT_MESSAGES.saveFailed),
        });
      },
    }),
  );

  const onResume = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const isPdf = file.name.toLowerCase().endsWith('.pdf') || file.type === 'application/pdf';
    upload.mutate(file, {
      onSuccess: (parsed) => {
        form.reset(parsedToForm(form.getValues(), parsed), { keepDefaultValues: true });
        toast.success(RESUME_MESSAGES.parsedTitle, {
          description: parsed.kind === 'pdf' ? RESUME_MESSAGES.parsedPdf : RESUME_MESSAGES.parsedOther,
        });
      },
      onError: (error) => {
        toast.error(RESUME_MESSAGES.parseFailedTitle, {
          description: errorMessage(error, isPdf ? RESUME_MESSAGES.parseFailed : RESUME_MESSAGES.parseFailedOther),
        });
      },
    });
  };

  const onLinkedinImport = () => {
    if (!form.getValues('linkedin')?.trim()) {
      toast.error(TALENT_MESSAGES.linkedinRequiredTitle, { description: TALENT_MESSAGES.linkedinRequired });
    } else {
      toast.info(TALENT_MESSAGES.linkedinSoonTitle, { description: TALENT_MESSAGES.linkedinSoon });
    }
  };

  const chips = (
    name: 'titles' | 'industries' | 'skills' | 'technicalSkills' | 'softwareTools' | 'interests',
    item: string,
    max?: number,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <ChipInput
          id={`profile-${name}`}
          value={field.value ?? []}
          onChange={field.onChange}
          listLabel={`Added ${item}s`}
          itemName={item}
          placeholder={`Add ${/^[aeiou]/.test(item) ? 'an' : 'a'} ${item} and press Enter`}
          describedBy={errors[name] ? `profile-${name}-error` : undefined}
          {...(max ? { max } : {})}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-6">
      {/* Parsed résumé fields are edits too: leaving before Save Changes asks first. */}
      <UnsavedChangesGuard when={form.formState.isDirty && !save.isPending} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Edit Profile</h1>
          <p className="mt-2 text-muted-foreground">What referrers and companies see when they look for talent.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={`/view-talent-profile/${profile.id}`}>
              <Eye aria-hidden />
              View Public Profile
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/jobseeker-dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        </div>
      </header>

      <Card>
        <CardContent className="grid gap-3 pt-6">
          <div className="flex items-center justify-between gap-4">
            <p className="font-medium" id="completeness-label">
              Profile completeness
            </p>
            <span className="text-sm font-semibold text-primary">{completeness.percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="completeness-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completeness.percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-all"
              style={{ width: `${completeness.percent}%` }}
            />
          </div>
          {completeness.missing.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Add to be matched with more jobs: {completeness.missing.join(', ')}.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Your profile has everything matching needs.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Personal Information</CardTitle>
          <CardDescription>Upload your resume to fill the form, then review and save.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2 rounded-lg border border-dashed p-4">
            <Label htmlFor="profile-resume">Resume</Label>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <Input
                ref={fileInput}
                id="profile-resume"
                type="file"
                accept={RESUME_LIMITS.accept}
                disabled={upload.isPending}
                onChange={onResume}
                aria-describedby="profile-resume-hint"
                className="sm:max-w-sm"
              />
              {upload.isPending ? (
                <span className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                  <Spinner />
                  {RESUME_MESSAGES.parsing}
                </span>
              ) : profile.resume ? (
                <a
                  href={`/api/talent/${profile.id}/resume`}
                  className="flex items-center gap-2 text-sm text-primary underline-offset-4 hover:underline"
                >
                  <FileText className="size-4" aria-hidden />
                  {profile.resume.originalName}
                </a>
              ) : null}
            </div>
            <p id="profile-resume-hint" className="text-sm text-muted-foreground">
              <Upload className="mr-1 inline size-3.5" aria-hidden />
              PDF, DOC or DOCX, up to {RESUME_LIMITS.maxBytes / 1024 / 1024} MB.
            </p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <Field name="name" label="Full Name" error={errors.name?.message}>
              <Input {...control('name')} autoComplete="name" {...form.register('name')} />
            </Field>
            <Field name="email" label="Email">
              <Input id="profile-email" type="email" value={profile.email} readOnly className="bg-muted" />
            </Field>
            <Field name="phone" label="Phone" error={errors.phone?.message}>
              <Input {...control('phone')} type="tel" autoComplete="tel" {...form.register('phone')} />
            </Field>
            <Field name="location" label="Location" error={errors.location?.message}>
              <Input {...control('location')} placeholder="e.g. Boston, MA or Remote" {...form.register('location')} />
            </Field>
          </div>
          <Field name="superpower" label="What is your superpower?" error={errors.superpower?.message}>
            <Input
              {...control('superpower')}
              placeholder="e.g. Turning clinical workflows into clear software"
              {...form.register('superpower')}
            />
          </Field>
          <div className="grid gap-6 sm:grid-cols-2">
            <Field name="myersBriggs" label="Myers-Briggs Type" error={errors.myersBriggs?.message}>
              <Controller
                control={form.control}
                name="myersBriggs"
                render={({ field }) => (
                  <ChoiceSelect
                    id="profile-myersBriggs"
                    value={field.value || undefined}
                    onChange={field.onChange}
                    choices={MYERS_BRIGGS_TYPES}
                    labels={MYERS_BRIGGS_LABELS}
                    placeholder="Select your type"
                  />
                )}
              />
            </Field>
            <Field name="enneagram" label="Enneagram Type" error={errors.enneagram?.message}>
              <Controller
                control={form.control}
                name="enneagram"
                render={({ field }) => (
                  <ChoiceSelect
                    id="profile-enneagram"
                    value={field.value || undefined}
                    onChange={field.onChange}
                    choices={ENNEAGRAM_TYPES}
                    labels={ENNEAGRAM_LABELS}
                    placeholder="Select your type"
                  />
                )}
              />
            </Field>
          </div>
          <Field name="linkedin" label="LinkedIn Profile" error={errors.linkedin?.message}>
            <div className="flex gap-2">
              <Input
                {...control('linkedin')}
                type="url"
                placeholder="https://www.linkedin.com/in/your-name"
                className="min-w-0 flex-1"
                {...form.register('linkedin')}
              />
              <Button type="button" variant="outline" onClick={onLinkedinImport}>
                <Link2 aria-hidden />
                Import
              </Button>
            </div>
          </Field>
          <Field name="portfolio" label="Portfolio / Website" error={errors.portfolio?.message}>
            <Input {...control('portfolio')} type="url" placeholder="https://" {...form.register('portfolio')} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Professional Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Field name="titles" label="Professional Titles" error={errors.titles?.message}>
            {chips('titles', 'title', 10)}
          </Field>
          <Field name="bio" label="Professional Summary" error={errors.bio?.message}>
            <Textarea {...control('bio')} rows={5} {...form.register('bio')} />
          </Field>
          <Field name="industries" label="Industries Worked In" error={errors.industries?.message}>
            {chips('industries', 'industry')}
          </Field>
          <div className="grid gap-6 sm:grid-cols-3">
            <Field name="yearsOfExperience" label="Years of Experience" error={errors.yearsOfExperience?.message}>
              <Input
                {...control('yearsOfExperience')}
                type="number"
                min={0}
                max={60}
                step={1}
                {...form.register('yearsOfExperience', { valueAsNumber: true })}
              />
            </Field>
            <Field name="employmentStatus" label="Current Employment Status" error={errors.employmentStatus?.message}>
              <Controller
                control={form.control}
                name="employmentStatus"
                render={({ field }) => (
                  <ChoiceSelect
                    id="profile-employmentStatus"
                    value={field.value || undefined}
                    onChange={field.onChange}
                    choices={EMPLOYMENT_STATUSES}
                    labels={EMPLOYMENT_STATUS_LABELS}
                    placeholder="Select status"
                  />
                )}
              />
            </Field>
            <Field name="involvement" label="Preferred Involvement" error={errors.involvement?.message}>
              <Controller
                control={form.control}
                name="involvement"
                render={({ field }) => (
                  <ChoiceSelect
                    id="profile-involvement"
                    value={field.value || undefined}
                    onChange={field.onChange}
                    choices={INVOLVEMENT_OPTIONS}
                    labels={INVOLVEMENT_LABELS}
                    placeholder="Select involvement"
                  />
                )}
              />
            </Field>
          </div>
          <Field name="interests" label="Areas of Interest" error={errors.interests?.message}>
            {chips('interests', 'interest')}
          </Field>
          <Controller
            control={form.control}
            name="discoverable"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Checkbox
                  id="profile-discoverable"
                  checked={field.value ?? true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor="profile-discoverable" className="font-normal leading-snug">
                  Show my profile to referrers and companies in Find Candidates
                </Label>
              </div>
            )}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Skills &amp; Expertise</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Field name="skills" label="Skills" error={errors.skills?.message}>
            {chips('skills', 'skill')}
          </Field>
          <Field name="technicalSkills" label="Technical Skills" error={errors.technicalSkills?.message}>
            {chips('technicalSkills', 'technical skill')}
          </Field>
          <Field name="softwareTools" label="Software and Tools" error={errors.softwareTools?.message}>
            {chips('softwareTools', 'tool')}
          </Field>
          <Field name="achievement" label="Notable Achievement" error={errors.achievement?.message}>
            <Textarea {...control('achievement')} rows={3} {...form.register('achievement')} />
          </Field>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(profileToForm(profile));
            void navigate('/jobseeker-dashboard');
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
