import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@referwell/shared/rules/auth-texts';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordStrengthMeter } from './password-strength-meter';

/** A new password's field: the house hint, and the strength meter under it, read with the field. */
export function NewPasswordField({
  id,
  label,
  registration,
  password,
  email,
  error,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  password: string;
  email?: string;
  error?: string;
}) {
  const meterId = `${id}-strength`;
  return (
    <FormField
      id={id}
      label={label}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
      describedBy={meterId}
      error={error}
    >
      {(control) => (
        <>
          <Input {...control} type="password" autoComplete="new-password" required {...registration} />
          <PasswordStrengthMeter id={meterId} password={password} email={email} />
        </>
      )}
    </FormField>
  );
}
