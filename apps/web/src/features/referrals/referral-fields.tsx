import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Link } from 'react-router';
import {
  REFERRAL_MESSAGES,
  REFERRER_RELATIONSHIP_LABELS,
  REFERRER_RELATIONSHIPS,
  VOUCH_STRENGTH_LABELS,
  VOUCH_STRENGTHS,
  type RolesToRefer,
} from '@referwell/shared';
import { BonusOfferText } from '@/components/bonus-offer';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/session';
import { companyOpenJobsQueryOptions } from './api';

type OpenJob = RolesToRefer['items'][number];

/** The signed-in member's company's open positions, for the position field and what the dialog says of the choice. */
export function useOpenPositions() {
  const { company } = useSession();
  return useQuery({ ...companyOpenJobsQueryOptions(company?.id ?? ''), enabled: !!company });
}

/**
 * The position a referral is for: one of the company's open jobs (loading, failed with Try again, none with Post a
 * job), and under it what a referral for the chosen one pays. `control` is the form's; its field is `jobId`.
 */
export function OpenPositionField<T extends FieldValues>({
  control: formControl,
  jobId,
  error,
}: {
  control: Control<T>;
  jobId: string;
  error?: string;
}) {
  const { company } = useSession();
  const jobs = useOpenPositions();
  const openJobs: OpenJob[] = jobs.data ?? [];
  const chosen = openJobs.find((job) => job.id === jobId);
  return (
    <>
      <FormField label="Job Position" error={error}>
        {(control) =>
          !company ? (
            <p className="text-sm text-muted-foreground">{REFERRAL_MESSAGES.onlyCompanyRefers}</p>
          ) : jobs.isPending ? (
            <Spinner size="sm" label="Loading open positions..." showLabel />
          ) : jobs.isError ? (
            <p className="text-sm text-destructive">
              Could not load your open positions.{' '}
              <Button type="button" variant="link" onClick={() => void jobs.refetch()}>
                Try again
              </Button>
            </p>
          ) : openJobs.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Your company has no open positions.{' '}
              <Link to="/post-job" className="text-primary hover:underline">
                Post a job
              </Link>{' '}
              first.
            </p>
          ) : (
            <Controller
              control={formControl}
              name={'jobId' as Path<T>}
              render={({ field }) => (
                <Select value={field.value as string} onValueChange={field.onChange}>
                  <SelectTrigger {...control} onBlur={field.onBlur}>
                    <SelectValue placeholder="Select a position" />
                  </SelectTrigger>
                  <SelectContent>
                    {openJobs.map((job) => (
                      <SelectItem key={job.id} value={job.id}>
                        {job.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )
        }
      </FormField>
      <p className="-mt-2 text-sm empty:hidden" aria-live="polite">
        {chosen ? (
          <>
            <span className="text-muted-foreground">Referral bonus: </span>
            <BonusOfferText offer={chosen.bonus} />
          </>
        ) : null}
      </p>
    </>
  );
}

/**
 * How the referrer knows the person and how well they vouch. Each way of referring asks for what its schema needs:
 * `required` names the answers it cannot go without.
 */
export function VouchFields({
  relationship,
  vouch,
  errors,
  required,
}: {
  relationship: UseFormRegisterReturn;
  vouch: UseFormRegisterReturn;
  errors: { relationship?: string | undefined; vouch?: string | undefined };
  required: { relationship: boolean; vouch: boolean };
}) {
  const optional = (legend: string, isRequired: boolean) => (isRequired ? legend : `${legend} (optional)`);
  return (
    <>
      <RadioChoices
        legend={optional('How do you know them?', required.relationship)}
        options={REFERRER_RELATIONSHIPS}
        labels={REFERRER_RELATIONSHIP_LABELS}
        registration={relationship}
        error={errors.relationship}
      />
      <RadioChoices
        legend={optional('How well can you vouch for them?', required.vouch)}
        options={VOUCH_STRENGTHS}
        labels={VOUCH_STRENGTH_LABELS}
        registration={vouch}
        error={errors.vouch}
      />
    </>
  );
}

/**
 * The parts every way of referring shares (accept a request, refer from Find Candidates, refer someone by their
 * details): how the referrer knows the person, how well they vouch, and the two notes, each saying who reads it.
 */
export function RadioChoices<T extends string>({
  legend,
  options,
  labels,
  registration,
  error,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input type="radio" value={value} className="size-4 accent-primary" {...registration} />
          {labels[value]}
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The note for the hiring team only, and the note the candidate sees. */
export function ReferralNotes({
  team,
  candidate,
  teamError,
  candidateError,
}: {
  team: UseFormRegisterReturn;
  candidate: UseFormRegisterReturn;
  teamError?: string;
  candidateError?: string;
}) {
  return (
    <>
      <FormField
        label={`${REFERRAL_MESSAGES.teamNoteLabel} (optional)`}
        hint={REFERRAL_MESSAGES.teamNoteHint}
        error={teamError}
      >
        {(control) => (
          <Textarea {...control} rows={3} maxLength={4000} placeholder="Why is this person a good fit?" {...team} />
        )}
      </FormField>
      <FormField
        label={`${REFERRAL_MESSAGES.candidateNoteLabel} (optional)`}
        hint={REFERRAL_MESSAGES.candidateNoteHint}
        error={candidateError}
      >
        {(control) => <Textarea {...control} rows={2} maxLength={2000} {...candidate} />}
      </FormField>
    </>
  );
}

/**
 * What every way of referring asks after the position: how they know the person, how well they vouch, and the two
 * notes. `form` is the dialog's; its fields are relationship, vouch, candidateNote and the team note (`notes`, or
 * `note` when answering a request). `required`: the answers the dialog's schema cannot go without.
 */
export function ReferralAnswers<T extends FieldValues>({
  form,
  teamNote = 'notes',
  required,
}: {
  form: UseFormReturn<T>;
  teamNote?: 'notes' | 'note';
  required: { relationship: boolean; vouch: boolean };
}) {
  const field = (name: string) => name as Path<T>;
  const errors = form.formState.errors as Partial<Record<string, { message?: string }>>;
  return (
    <>
      <VouchFields
        relationship={form.register(field('relationship'))}
        vouch={form.register(field('vouch'))}
        errors={{ relationship: errors.relationship?.message, vouch: errors.vouch?.message }}
        required={required}
      />
      <ReferralNotes
        team={form.register(field(teamNote))}
        candidate={form.register(field('candidateNote'))}
        teamError={errors[teamNote]?.message}
        candidateError={errors.candidateNote?.message}
      />
    </>
  );
}
