import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  JOB_MESSAGES,
  jobFormSchema,
  type Job,
  type JobForm,
  type JobInput,
} from '@referwell/shared';
import { ChoiceSelect } from '@/components/choice-select';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import type { JobImportData } from './api';
import { SkillsInput } from './skills-input';
import { dateInputValue, employmentTypeFrom } from './format';

const toast = scopedToast('job-form');

export type JobFormController = UseFormReturn<JobForm, unknown, JobInput>;

const FIELD_NAMES = [
  'title',
  'company',
  'location',
  'employmentType',
  'description',
  'responsibilities',
  'requirements',
  'skills',
  'salary',
  'deadline',
  'applicationUrl',
  'contactEmail',
  'referralBonusAmount',
  'referralBonusCurrency',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (value: string): value is FieldName => (FIELD_NAMES as readonly string[]).includes(value);

export const DEFAULT_BONUS_CURRENCY = 'USD';

/** Empty form values, with the company prefilled. */
export function emptyJobForm(company = ''): JobForm {
  return {
    title: '',
    company,
    location: '',
    employmentType: undefined as unknown as JobForm['employmentType'],
    description: '',
    responsibilities: '',
    requirements: '',
    skills: [],
    salary: '',
    deadline: '',
    applicationUrl: '',
    contactEmail: '',
    referralBonusAmount: undefined,
    referralBonusCurrency: DEFAULT_BONUS_CURRENCY,
  };
}

/** A saved job as form values, for editing. */
export function jobToForm(job: Job): JobForm {
  return {
    title: job.title,
    company: job.companyName,
    location: job.location,
    employmentType: job.employmentType,
    description: job.description,
    responsibilities: job.responsibilities ?? '',
    requirements: job.requirements,
    skills: job.skills,
    salary: job.salaryRange ?? '',
    deadline: dateInputValue(job.deadline),
    applicationUrl: job.applicationUrl ?? '',
    contactEmail: job.contactEmail ?? '',
    referralBonusAmount: job.referralBonus?.amount,
    referralBonusCurrency: job.referralBonus?.currency ?? DEFAULT_BONUS_CURRENCY,
  };
}

/** Imported job details laid over the current values; fields the import did not find keep what was typed. */
export function importedToForm(current: JobForm, data: JobImportData): JobForm {
  const text = (value: string | null | undefined, fallback: string | undefined) =>
    value?.trim() ? value.trim() : (fallback ?? '');
  const skills = [...new Set((data.skills ?? []).map((skill) => skill.trim()).filter(Boolean))];
  return {
    ...current,
    title: text(data.title, current.title),
    company: text(data.company, current.company),
    location: text(data.location, current.location),
    employmentType: employmentTypeFrom(data.job_type) ?? current.employmentType,
    description: text(data.description, current.description),
    responsibilities: text(data.responsibilities, current.responsibilities),
    requirements: text(data.requirements, current.requirements),
    skills: skills.length > 0 ? skills : (current.skills ?? []),
    salary: text(data.salary_range, current.salary),
    deadline: dateInputValue(data.deadline) || (current.deadline ?? ''),
    applicationUrl: text(data.application_url, current.applicationUrl),
    contactEmail: text(data.contact_email, current.contactEmail),
  };
}

export function useJobForm(defaultValues: JobForm): JobFormController {
  return useForm<JobForm, unknown, JobInput>({ resolver: zodResolver(jobFormSchema), defaultValues });
}

/**
 * A failed save: 401 and other failures toast (SPEC §8 'Post job'); a 400 also puts the server's
 * messages under their fields.
 */
export function reportSaveError(form: JobFormController, error: Error) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error(JOB_MESSAGES.notLoggedInTitle, { description: JOB_MESSAGES.notLoggedIn });
    return;
  }
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields)) {
      if (isFieldName(field)) form.setError(field, { message });
    }
  }
  const description =
    error instanceof ApiError && error.status === 403 && error.message ? error.message : JOB_MESSAGES.postFailed;
  toast.error(JOB_MESSAGES.postFailedTitle, { description });
}

/** Fields an import left empty or read from weak evidence, until the user edits them. */
const AttentionContext = createContext<(name: FieldName) => boolean>(() => false);

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: FieldName;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  const attention = useContext(AttentionContext)(name);
  return (
    <div
      className={cn(
        'grid content-start gap-2',
        attention && '-m-2 rounded-md bg-amber-50 p-2 ring-2 ring-amber-400 dark:bg-amber-950/40',
      )}
      data-attention={attention || undefined}
    >
      <Label htmlFor={`job-${name}`}>{label}</Label>
      {children}
      {attention ? (
        <p id={`job-${name}-attention`} className="text-sm font-medium text-amber-900 dark:text-amber-200">
          Needs your attention: not found on the page, or read with low confidence.
        </p>
      ) : null}
      {hint ? (
        <p id={`job-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`job-${name}-error`} message={error} />
    </div>
  );
}

/** The job form's fields (SPEC §2 'Post a New Job', §5 'Job form'); the page owns the form element and buttons. */
export function JobFormFields({
  form,
  attention,
}: {
  form: JobFormController;
  /** Fields to highlight after an import (cleared for a field once the user edits it). */
  attention?: ReadonlySet<FieldName>;
}) {
  const { errors, dirtyFields } = form.formState;
  const needsAttention = (name: FieldName) => !!attention?.has(name) && !dirtyFields[name];
  const describedBy = (name: FieldName, hint = false) =>
    [
      hint ? `job-${name}-hint` : undefined,
      needsAttention(name) ? `job-${name}-attention` : undefined,
      errors[name] ? `job-${name}-error` : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const control = (name: FieldName, hint = false) => ({
    id: `job-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': describedBy(name, hint),
  });

  return (
    <AttentionContext.Provider value={needsAttention}>
      <div className="grid gap-6">
        <Field name="title" label="Job Title" error={errors.title?.message}>
          <Input {...control('title')} placeholder="e.g. Senior Frontend Engineer" {...form.register('title')} />
        </Field>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field name="company" label="Company" error={errors.company?.message}>
            <Input {...control('company')} autoComplete="organization" {...form.register('company')} />
          </Field>
          <Field name="location" label="Location" error={errors.location?.message}>
            <Input {...control('location')} placeholder="e.g. Boston, MA or Remote" {...form.register('location')} />
          </Field>
        </div>
        <Field name="employmentType" label="Employment Type" error={errors.employmentType?.message}>
          <Controller
            control={form.control}
            name="employmentType"
            render={({ field }) => (
              <ChoiceSelect
                id="job-employmentType"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                choices={EMPLOYMENT_TYPES}
                labels={EMPLOYMENT_TYPE_LABELS}
                placeholder="Select employment type"
                errorId={errors.employmentType ? 'job-employmentType-error' : undefined}
              />
            )}
          />
        </Field>
        <Field name="description" label="Job Description" error={errors.description?.message}>
          <Textarea {...control('description')} rows={6} {...form.register('description')} />
        </Field>
        <Field
          name="responsibilities"
          label="Responsibilities (optional)"
          hint="Separate each with a new line"
          error={errors.responsibilities?.message}
        >
          <Textarea {...control('responsibilities', true)} rows={5} {...form.register('responsibilities')} />
        </Field>
        <Field
          name="requirements"
          label="Requirements"
          hint="Include skills, education, experience"
          error={errors.requirements?.message}
        >
          <Textarea {...control('requirements', true)} rows={5} {...form.register('requirements')} />
        </Field>
        <Field name="skills" label="Skills" hint="Press Enter or Add after each skill." error={errors.skills?.message}>
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <SkillsInput
                id="job-skills"
                value={field.value ?? []}
                onChange={field.onChange}
                describedBy={describedBy('skills', true)}
              />
            )}
          />
        </Field>
        <div className="grid gap-6 sm:grid-cols-2">
          <Field name="salary" label="Salary Range (optional)" error={errors.salary?.message}>
            <Input {...control('salary')} placeholder="e.g. $120,000 - $150,000" {...form.register('salary')} />
          </Field>
          <Field name="deadline" label="Application Deadline (optional)" error={errors.deadline?.message}>
            <Input {...control('deadline')} type="date" {...form.register('deadline')} />
          </Field>
          <Field name="applicationUrl" label="Application URL (optional)" error={errors.applicationUrl?.message}>
            <Input
              {...control('applicationUrl')}
              type="url"
              inputMode="url"
              placeholder="https://example.com/careers/123"
              {...form.register('applicationUrl')}
            />
          </Field>
          <Field name="contactEmail" label="Contact Email (optional)" error={errors.contactEmail?.message}>
            <Input
              {...control('contactEmail')}
              type="email"
              autoComplete="email"
              placeholder="jobs@example.com"
              {...form.register('contactEmail')}
            />
          </Field>
        </div>
        <div className="grid gap-2">
          <div className="grid gap-6 sm:grid-cols-[1fr_7rem] sm:gap-4">
            <Field
              name="referralBonusAmount"
              label="Referral Bonus (optional)"
              hint="Paid to the referrer when a referred candidate is hired."
              error={errors.referralBonusAmount?.message}
            >
              <Input
                {...control('referralBonusAmount', true)}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="e.g. 2000"
                {...form.register('referralBonusAmount', {
                  setValueAs: (value: unknown) => (value === '' || value === null ? undefined : value),
                })}
              />
            </Field>
            <Field name="referralBonusCurrency" label="Currency" error={errors.referralBonusCurrency?.message}>
              <Input
                {...control('referralBonusCurrency')}
                maxLength={3}
                autoCapitalize="characters"
                className="uppercase"
                {...form.register('referralBonusCurrency')}
              />
            </Field>
          </div>
        </div>
      </div>
    </AttentionContext.Provider>
  );
}
