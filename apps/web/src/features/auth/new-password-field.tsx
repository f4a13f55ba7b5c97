import { lazy, Suspense } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@referwell/shared/rules/auth-texts';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

// The meter and the common-password list it checks (~3 KB gzip) come with the first character typed, not with the
// page: an empty field shows no meter, so the prerendered page and its hydration are the same without it.
const PasswordStrengthMeter = lazy(() =>
  import('./password-strength-meter').then((m) => ({ default: m.PasswordStrengthMeter })),
);

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
          {password ? (
            <Suspense fallback={null}>
              <PasswordStrengthMeter id={meterId} password={password} email={email} />
            </Suspense>
          ) : null}
        </>
      )}
    </FormField>
  );
}
