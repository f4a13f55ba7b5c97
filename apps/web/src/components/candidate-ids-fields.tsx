import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { SCREENING_TEXTS, type CandidateIds } from '@referwell/shared';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/**
 * The optional date of birth and NPI for exclusion screening (issue 36), in a form whose schema spreads
 * `candidateIdsFields`: the applicant's Apply dialog and the admin's move to Offer.
 */
export function CandidateIdsFields<T extends FieldValues>({
  register,
  errors,
  hint,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  hint?: string;
}) {
  // Both forms name the fields dob and npi (candidateIdsFields); the generic form type cannot say so.
  const reg = register as unknown as UseFormRegister<CandidateIds>;
  const errs = errors as FieldErrors<CandidateIds>;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">{SCREENING_TEXTS.idsLegend}</legend>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={SCREENING_TEXTS.dobLabel} error={errs.dob?.message}>
          {(c) => <Input {...c} type="date" autoComplete="bday" {...reg('dob')} />}
        </FormField>
        <FormField label={SCREENING_TEXTS.npiLabel} error={errs.npi?.message}>
          {(c) => <Input {...c} inputMode="numeric" maxLength={10} autoComplete="off" {...reg('npi')} />}
        </FormField>
      </div>
    </fieldset>
  );
}
