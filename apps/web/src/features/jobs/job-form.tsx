import { zodResolver } from '@hookform/resolvers/zod';
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
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors, isApiError } from '@/lib/api';
import { SkillsInput } from './skills-input';
import { dateInputValue } from '@referwell/shared/rules/imported-job';

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

export function useJobForm(defaultValues: JobForm): JobFormController {
  return useForm<JobForm, unknown, JobInput>({ resolver: zodResolver(jobFormSchema), defaultValues });
}

/**
 * A failed save: 401 and other failures toast (SPEC §8 'Post job'); a 400 also puts the server's
 * messages under their fields.
 */
export function reportSaveError(form: JobFormController, error: Error) {
  if (isApiError(error, 401)) {
    toast.error(JOB_MESSAGES.notLoggedInTitle, { description: JOB_MESSAGES.notLoggedIn });
    return;
  }
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (isFieldName(field)) form.setError(field, { message });
  }
  // A pay transparency law asks for a range (422): the message names the law, under the field and in the toast.
  if (isApiError(error, 422)) {
    toast.error(JOB_MESSAGES.payRangeRequiredTitle, { description: error.message });
    form.setFocus('salary');
    return;
  }
  const description = isApiError(error, 403) && error.message ? error.message : JOB_MESSAGES.postFailed;
  toast.error(JOB_MESSAGES.postFailedTitle, { description });
}

/** The notice on a field an import left empty or read from weak evidence, until the user edits it. */
const ATTENTION_NOTICE = 'Needs your attention: not found on the page, or read with low confidence.';

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
  /** The props every field of this form shares: its fixed id, its messages and the import's notice. */
  const fieldOf = (name: FieldName) => ({
    id: `job-${name}`,
    error: errors[name]?.message,
    attention: needsAttention(name) ? ATTENTION_NOTICE : undefined,
  });

  return (
    <div className="grid gap-6">
      <FormField {...fieldOf('title')} label="Job Title">
        {(c) => <Input {...c} placeholder="e.g. Senior Frontend Engineer" {...form.register('title')} />}
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField {...fieldOf('company')} label="Company">
          {(c) => <Input {...c} autoComplete="organization" {...form.register('company')} />}
        </FormField>
        <FormField {...fieldOf('location')} label="Location">
          {(c) => <Input {...c} placeholder="e.g. Boston, MA or Remote" {...form.register('location')} />}
        </FormField>
      </div>
      <FormField {...fieldOf('employmentType')} label="Employment Type">
        {(c) => (
          <Controller
            control={form.control}
            name="employmentType"
            render={({ field }) => (
              <ChoiceSelect
                {...c}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                choices={EMPLOYMENT_TYPES}
                labels={EMPLOYMENT_TYPE_LABELS}
                placeholder="Select employment type"
              />
            )}
          />
        )}
      </FormField>
      <FormField {...fieldOf('description')} label="Job Description">
        {(c) => <Textarea {...c} rows={6} {...form.register('description')} />}
      </FormField>
      <FormField
        {...fieldOf('responsibilities')}
        label="Responsibilities (optional)"
        hint="Separate each with a new line"
      >
        {(c) => <Textarea {...c} rows={5} {...form.register('responsibilities')} />}
      </FormField>
      <FormField {...fieldOf('requirements')} label="Requirements" hint="Include skills, education, experience">
        {(c) => <Textarea {...c} rows={5} {...form.register('requirements')} />}
      </FormField>
      <FormField {...fieldOf('skills')} label="Skills" hint="Press Enter or Add after each skill.">
        {(c) => (
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => <SkillsInput {...c} value={field.value ?? []} onChange={field.onChange} />}
          />
        )}
      </FormField>
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField {...fieldOf('salary')} label={JOB_MESSAGES.salaryLabel} hint={JOB_MESSAGES.salaryHint}>
          {(c) => <Input {...c} placeholder="e.g. $120,000 - $150,000" {...form.register('salary')} />}
        </FormField>
        <FormField {...fieldOf('deadline')} label="Application Deadline (optional)">
          {(c) => <Input {...c} type="date" {...form.register('deadline')} />}
        </FormField>
        <FormField {...fieldOf('applicationUrl')} label="Application URL (optional)">
          {(c) => (
            <Input
              {...c}
              type="url"
              inputMode="url"
              placeholder="https://example.com/careers/123"
              {...form.register('applicationUrl')}
            />
          )}
        </FormField>
        <FormField {...fieldOf('contactEmail')} label="Contact Email (optional)">
          {(c) => (
            <Input
              {...c}
              type="email"
              autoComplete="email"
              placeholder="jobs@example.com"
              {...form.register('contactEmail')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-2">
        <div className="grid gap-6 sm:grid-cols-[1fr_7rem] sm:gap-4">
          <FormField
            {...fieldOf('referralBonusAmount')}
            label="Referral Bonus (optional)"
            hint="Paid to the referrer when a referred candidate is hired."
          >
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder="e.g. 2000"
                {...form.register('referralBonusAmount', {
                  setValueAs: (value: unknown) => (value === '' || value === null ? undefined : value),
                })}
              />
            )}
          </FormField>
          <FormField {...fieldOf('referralBonusCurrency')} label="Currency">
            {(c) => (
              <Input
                {...c}
                maxLength={3}
                autoCapitalize="characters"
                className="uppercase"
                {...form.register('referralBonusCurrency')}
              />
            )}
          </FormField>
        </div>
      </div>
    </div>
  );
}
