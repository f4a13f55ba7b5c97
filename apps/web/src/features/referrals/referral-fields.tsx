import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { REFERRAL_MESSAGES } from '@referwell/shared';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

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
