import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { CompanyType, SignupInput, SignupRequest, SignupRole } from '@referwell/shared';
import { loginPath, safeReturnTo } from '@referwell/shared/rules/auth';
import { authFormError } from '@referwell/shared/rules/auth-forms';
import { AUTH_MESSAGES, COMPANY_TYPES, SIGNUP_ROLE_LABELS, SIGNUP_ROLES } from '@referwell/shared/rules/auth-texts';
import { CaliforniaNotice } from '@/components/california-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormField, lazyZodResolver } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { AuthCard } from '@/components/auth-card';
import { errorMessage, fieldErrors, isApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useHydrated, useHydratedSearchParams } from '@/lib/use-hydrated';
import { usePageTitle } from '@/lib/use-page-title';
import { invitationQueryOptions, useSignup } from './api';
import { useEnterNewAccount } from './enter-new-account';
import { NewPasswordField } from './new-password-field';
import { SignupSentCard } from './signup-sent-page';

const toast = scopedToast('signup-page');

const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  create: 'Create a new company',
  join: 'Join an existing company',
};

const FIELD_NAMES = ['name', 'email', 'password', 'role', 'companyType', 'companyName', 'inviteCode'] as const;
type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (value: string): value is FieldName => (FIELD_NAMES as readonly string[]).includes(value);

const isSignupRole = (value: string | null): value is SignupRole =>
  value !== null && (SIGNUP_ROLES as readonly string[]).includes(value);

/** Only the fields that belong to the chosen role go to the server. */
function toRequest(values: SignupInput): SignupRequest {
  const base = { name: values.name, email: values.email, password: values.password };
  if (values.invitationToken) return { ...base, role: 'referrer', invitationToken: values.invitationToken };
  switch (values.role) {
    case 'jobseeker':
      return { ...base, role: 'jobseeker', inviteCode: values.inviteCode };
    case 'referrer':
      return { ...base, role: 'referrer', inviteCode: values.inviteCode };
    case 'companyHR': {
      const companyType = values.companyType ?? 'create';
      return companyType === 'create'
        ? { ...base, role: 'companyHR', companyType, companyName: values.companyName }
        : { ...base, role: 'companyHR', companyType, inviteCode: values.inviteCode };
    }
  }
}

/**
 * /signup's content, loaded apart from the page (signup-page.tsx, hydrateOnIntent): before its script runs the form
 * posts as plain HTML to the page's own address with its query (POST /signup?returnTo=…, ADR 0017), every field shown;
 * once hydrated, the fields follow the chosen role.
 */
export function SignupForm() {
  const hydrated = useHydrated();
  const searchParams = useHydratedSearchParams();
  const job = searchParams.get('job')?.trim() || null;
  const invitationToken = searchParams.get('invite')?.trim() || null;
  // The role a link chose is in the prerendered HTML already: the server sends /signup's version for it
  // (entry-server.tsx prerenderVariants), so it is read from the address itself, not once hydrated.
  const [address] = useSearchParams();
  const roleParam = address.get('role');
  const presetRole = isSignupRole(roleParam) ? roleParam : undefined;
  // Where the person set out from (a job with Apply started): back there after sign-up and the confirmation link.
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const invitation = useQuery({
    ...invitationQueryOptions(invitationToken ?? ''),
    enabled: invitationToken !== null,
  });
  const invited = invitationToken !== null && invitation.isSuccess;
  usePageTitle(invited ? `Join ${invitation.data.companyName}` : 'Sign up');

  const signup = useSignup();
  const { enter, entering } = useEnterNewAccount(toast, job, returnTo);

  const form = useForm<SignupRequest, unknown, SignupInput>({
    resolver: lazyZodResolver(() =>
      import('@referwell/shared/schemas/auth-passwords').then((m) => m.signupRequestSchema),
    ),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      role: presetRole,
      companyType: 'create',
      companyName: '',
      inviteCode: '',
      invitationToken: '',
    },
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const password = useWatch({ control: form.control, name: 'password' });
  const email = useWatch({ control: form.control, name: 'email' });
  const companyType = useWatch({ control: form.control, name: 'companyType' }) ?? 'create';

  // A link to another role while the page is open (a client-side navigation keeps the form) chooses it too.
  useEffect(() => {
    if (presetRole && !form.getValues('role')) form.setValue('role', presetRole);
  }, [form, presetRole]);

  // A team invitation fills in who was invited and makes them a referrer of that company.
  const invitationData = invitation.data;
  useEffect(() => {
    if (!invitationToken || !invitationData) return;
    form.setValue('name', invitationData.name);
    form.setValue('email', invitationData.email);
    form.setValue('role', 'referrer');
    form.setValue('invitationToken', invitationToken);
  }, [form, invitationToken, invitationData]);

  const onInvalid = (fieldErrors: FieldErrors<SignupRequest>) => {
    const inviteCodeError = fieldErrors.inviteCode?.message;
    if (inviteCodeError === AUTH_MESSAGES.referrerInviteCode) {
      toast.error(AUTH_MESSAGES.referrerInviteCodeTitle, { description: AUTH_MESSAGES.referrerInviteCode });
    } else if (fieldErrors.companyName?.message === AUTH_MESSAGES.companyName) {
      toast.error(AUTH_MESSAGES.companyNameTitle, { description: AUTH_MESSAGES.companyName });
    } else if (inviteCodeError === AUTH_MESSAGES.hrInviteCode) {
      toast.error(AUTH_MESSAGES.hrInviteCodeTitle, { description: AUTH_MESSAGES.hrInviteCode });
    }
  };

  const onValid = (values: SignupInput) =>
    signup.mutate(
      { ...toRequest(values), ...(returnTo ? { returnTo } : {}), ...(job && !values.invitationToken ? { job } : {}) },
      {
        // A team invitation signs in at once; any other sign-up waits for the link mailed to the address.
        onSuccess: (response) => {
          if ('outcome' in response) enter(response);
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          for (const [field, message] of Object.entries(fields)) {
            if (isFieldName(field)) form.setError(field, { message });
          }
          if (isApiError(error, 409) && !fields.email) {
            form.setError('email', { message: error.message });
          }
          toast.error(AUTH_MESSAGES.signupFailed, {
            description: errorMessage(error, AUTH_MESSAGES.unknownError),
          });
        },
      },
    );

  const loginTarget = loginPath(returnTo ?? (job ? `/jobseeker-dashboard?job=${job}` : null));
  // Before the script runs nothing follows the role, so the plain form shows every field (the server reads them so).
  const showInviteCode =
    !hydrated ||
    (!invited && (role === 'referrer' || role === 'jobseeker' || (role === 'companyHR' && companyType === 'join')));
  const inviteCodeLabel = !hydrated
    ? 'Invite code (referrers; optional for job seekers)'
    : role === 'jobseeker'
      ? 'Invite code (optional)'
      : 'Company invite code';
  const inviteCodeHint = !hydrated
    ? "Your company admin's code, or a friend's code on Referwell."
    : role === 'jobseeker'
      ? 'Got a code from a friend on Referwell? Enter it here.'
      : 'Ask your company admin for the current code.';
  const postError = authFormError(searchParams);
  const busy = signup.isPending || entering;

  if (invitationToken && invitation.isPending) {
    return (
      <AuthCard title="Create your account">
        <div className="flex justify-center py-8">
          <Spinner label="Loading your invitation..." showLabel />
        </div>
      </AuthCard>
    );
  }

  if (signup.data && !('outcome' in signup.data)) return <SignupSentCard loginTarget={loginTarget} />;

  return (
    <AuthCard
      title={invited ? `Join ${invitation.data.companyName}` : 'Create your account'}
      description={
        invited
          ? `You were invited to join ${invitation.data.companyName} on Referwell as a referrer. Choose a password to finish.`
          : 'Join Referwell to get referred, refer great people, or hire through your team.'
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link to={loginTarget} className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      {/* No action: before the script runs the form posts to this address, query (returnTo) included. */}
      <Form form={form} onValid={onValid} onInvalid={onInvalid} method="post" className="grid grid-cols-1 gap-5">
        {postError ? (
          <Alert variant="destructive">
            <AlertDescription>{postError}</AlertDescription>
          </Alert>
        ) : null}
        {invitationToken && invitation.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Invitation not found</AlertTitle>
            <AlertDescription>
              {isApiError(invitation.error, 404) ? AUTH_MESSAGES.invitationInvalid : invitation.error.message} You can
              still sign up below.
            </AlertDescription>
          </Alert>
        ) : null}
        {job && !invited ? (
          <Alert role="status">
            <AlertDescription>
              Create your account to find a referral for <strong>{job}</strong>.
            </AlertDescription>
          </Alert>
        ) : null}

        <FormField id="signup-name" label="Full name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" required {...form.register('name')} />}
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              required
              // An invitation belongs to the address it was sent to.
              readOnly={invited}
              {...form.register('email')}
            />
          )}
        </FormField>
        <NewPasswordField
          id="signup-password"
          label="Password"
          registration={form.register('password')}
          password={password ?? ''}
          email={email}
          error={errors.password?.message}
        />

        {invited ? null : (
          <FormField id="signup-role" label="I am a..." error={errors.role?.message} className="grid-cols-1">
            {(control) => (
              <NativeSelect {...control} required defaultValue={presetRole ?? ''} {...form.register('role')}>
                <option value="">Select your role</option>
                {SIGNUP_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {SIGNUP_ROLE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}

        {!invited && role === 'companyHR' ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Your company</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {COMPANY_TYPES.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors',
                    companyType === value ? 'border-primary bg-accent text-accent-foreground' : 'hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    value={value}
                    className="size-4 accent-[var(--color-primary)]"
                    {...form.register('companyType')}
                  />
                  {COMPANY_TYPE_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {!hydrated ? (
          <FormField
            id="signup-companyName"
            label="Company name (company HR creating a company)"
            error={errors.companyName?.message}
          >
            {(control) => <Input {...control} autoComplete="organization" {...form.register('companyName')} />}
          </FormField>
        ) : !invited && role === 'companyHR' && companyType === 'create' ? (
          <FormField id="signup-companyName" label="Company name" error={errors.companyName?.message}>
            {(control) => <Input {...control} autoComplete="organization" required {...form.register('companyName')} />}
          </FormField>
        ) : null}

        {showInviteCode ? (
          <FormField
            id="signup-inviteCode"
            label={inviteCodeLabel}
            hint={inviteCodeHint}
            error={errors.inviteCode?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required={hydrated && role !== 'jobseeker'}
                {...form.register('inviteCode')}
              />
            )}
          </FormField>
        ) : null}

        <CaliforniaNotice />
        <Button type="submit" size="lg" disabled={busy}>
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
    </AuthCard>
  );
}
