import { lazy, Suspense, useEffect, useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues, Resolver, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useBlocker } from 'react-router';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { useHydrated } from '@/lib/use-hydrated';
import { cn } from '@/lib/utils';

/** What a field's control needs to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The same, as props of a custom control (chips, choice lists): spread a FormField's control props into it. */
export interface FieldControlAttributes {
  id: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The field's validation or server message. */
  error?: string;
  /** A short help text under the label, read out with the control. */
  hint?: ReactNode;
  /** Highlights the field with this notice (e.g. an imported value to check), read out with the control. */
  attention?: ReactNode;
  /** A fixed id for the control (tests, links to it); generated otherwise. */
  id?: string;
  /** Ids of further descriptions the control renders beside itself (e.g. a password strength meter). */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One labelled field: label, control, hint and error wired together for screen readers. The
 * control is rendered by `children` with the props it needs:
 * `<FormField label="Email" error={errors.email?.message}>{(c) => <Input {...c} {...register('email')} />}</FormField>`
 */
export function FormField({
  label,
  error,
  hint,
  attention,
  id,
  describedBy: extra,
  className,
  children,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const attentionId = attention ? `${controlId}-attention` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, extra, attentionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={cn(
        'grid content-start gap-2',
        attention && '-m-2 rounded-md bg-amber-50 p-2 ring-2 ring-amber-400 dark:bg-amber-950/40',
        className,
      )}
      data-attention={attention ? true : undefined}
    >
      <Label htmlFor={controlId}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children({ id: controlId, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {attention ? (
        <p id={attentionId} className="text-sm font-medium text-amber-900 dark:text-amber-200">
          {attention}
        </p>
      ) : null}
      <FieldError id={errorId ?? `${controlId}-error`} message={error} />
    </div>
  );
}

const UnsavedChangesDialog = lazy(() => import('@/components/ui/unsaved-changes-dialog'));

/**
 * Asks before navigation drops unsaved edits: a confirm dialog for links and back/forward inside
 * the app, the browser's own prompt for reloads and closing the tab.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  // The dialog's code is fetched once there is something to lose, before anyone navigates away.
  const blocked = blocker.state === 'blocked';
  if (!when && !blocked) return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog open={blocked} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </Suspense>
  );
}

interface FormProps<T extends FieldValues, TOut extends FieldValues = T> extends Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'onInvalid' | 'noValidate'
> {
  /** `useForm` with the schema's resolver; `TOut` is the schema's output when it transforms the input. */
  form: UseFormReturn<T, unknown, TOut>;
  onValid: SubmitHandler<TOut>;
  /** Runs when the schema refuses the values (field messages are already shown). */
  onInvalid?: SubmitErrorHandler<T>;
  /** Ask before leaving while the form has edits that are not saved. */
  guardUnsaved?: boolean;
}

/**
 * The house's form: react-hook-form with the shared zod schema as its resolver, no browser
 * validation bubbles (the schema's messages are shown instead), and optional unsaved-change guarding.
 * A prerendered form gives `method="post"` and an `action` a server route answers: until the page's
 * script runs it is a plain HTML form, checked by the browser (`required`, `type="email"`) and posted
 * as such, so nothing typed is lost and nothing personal lands in the address bar.
 */
export function Form<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  onValid,
  onInvalid,
  guardUnsaved = false,
  children,
  ...rest
}: FormProps<T, TOut>) {
  const hydrated = useHydrated();
  const dirty = form.formState.isDirty && !form.formState.isSubmitSuccessful;
  return (
    <form noValidate={hydrated} onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)} {...rest}>
      {children}
      {guardUnsaved ? <UnsavedChangesGuard when={dirty} /> : null}
    </form>
  );
}

/**
 * `zodResolver(schema)` with the schema, zod and the resolver fetched when the form is first checked instead of with
 * the page: a public form page's first load stays light (bench/bundle-budget.ts). Before hydration the browser checks
 * the fields itself (ADR 0017), so nothing is lost in between. `load` imports the shared schema's module.
 */
export function lazyZodResolver<T extends FieldValues, TOut extends FieldValues = T>(
  load: () => Promise<z.ZodType<TOut, T>>,
): Resolver<T, unknown, TOut> {
  let resolver: Promise<Resolver<T, unknown, TOut>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T, unknown, TOut>,
    );
    return (await resolver)(values, context, options);
  };
}
