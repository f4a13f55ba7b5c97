import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Copy, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeRequestSchema,
  type TwoFactorCodeRequest,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { CopyableCode } from '@/components/copyable-code';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { copyWithToast } from '@/lib/clipboard';
import { scopedToast } from '@/lib/toast';
import {
  twoFactorQueryOptions,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from './api';

const toast = scopedToast('two-factor-card');
const errorText = (error: unknown) => errorMessage(error, AUTH_MESSAGES.unknownError);

/** Two-factor authentication: an authenticator app (TOTP) and one-time recovery codes (ADR 0035). */
export function TwoFactorCard() {
  const status = useQuery(twoFactorQueryOptions);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Two-factor authentication
          {status.data?.enabled ? <Badge variant="secondary">On</Badge> : null}
        </CardTitle>
        <CardDescription>
          After your password, Referwell asks for a code from an authenticator app on your phone, so a stolen password
          alone does not open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {status.data?.required && !status.data.enabled && !status.data.hasPasskey ? (
          <Alert>
            <AlertDescription>{TWO_FACTOR_MESSAGES.setupRequired}</AlertDescription>
          </Alert>
        ) : null}
        {recoveryCodes ? (
          <RecoveryCodesShown codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.isPending ? (
          <Skeleton className="h-10 w-48" />
        ) : status.isError ? (
          <LoadError
            title="Could not load your two-factor settings"
            message={status.error.message}
            onRetry={() => void status.refetch()}
          />
        ) : status.data.enabled ? (
          <TwoFactorOn status={status.data} onCodes={setRecoveryCodes} />
        ) : (
          <TwoFactorSetUp onCodes={setRecoveryCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function useCodeForm() {
  return useForm<TwoFactorCodeRequest>({
    resolver: zodResolver(twoFactorCodeRequestSchema),
    defaultValues: { code: '' },
  });
}

/** Off: start, scan the QR code (or type the key), confirm with the first code. */
function TwoFactorSetUp({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const start = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const form = useCodeForm();
  const setup: TwoFactorSetup | undefined = start.data;

  if (!setup) {
    return (
      <div className="grid gap-3">
        {start.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(start.error)}</AlertDescription>
          </Alert>
        ) : null}
        <Button className="w-full sm:w-fit" onClick={() => start.mutate()} disabled={start.isPending}>
          <ShieldCheck aria-hidden />
          {start.isPending ? 'Preparing...' : 'Set up two-factor'}
        </Button>
      </div>
    );
  }

  // mutateAsync: once on, the status refetched replaces this component, and the codes must still reach the card.
  const onValid = (body: TwoFactorCodeRequest) =>
    enable.mutateAsync(body).then(
      ({ recoveryCodes }) => {
        toast.success(TWO_FACTOR_MESSAGES.enabled);
        onCodes(recoveryCodes);
      },
      () => {
        form.setValue('code', '');
        form.setFocus('code');
      },
    );

  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app (Google Authenticator, 1Password, Microsoft Authenticator…).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to add Referwell to your authenticator app"
        width={192}
        height={192}
        className="size-48 rounded-md border bg-white p-2"
      />
      <CopyableCode
        id="two-factor-secret"
        code={setup.secret}
        label="Setup key"
        toastTitle="Setup key copied"
        toastDescription="Paste it into your authenticator app."
      />
      <Form form={form} onValid={onValid} className="grid gap-4">
        {enable.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(enable.error)}</AlertDescription>
          </Alert>
        ) : null}
        <FormField id="two-factor-setup-code" label="Code from the app" error={form.formState.errors.code?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="one-time-code"
              inputMode="numeric"
              className="sm:max-w-48"
              {...form.register('code')}
            />
          )}
        </FormField>
        <Button type="submit" className="w-full sm:w-fit" disabled={enable.isPending}>
          {enable.isPending ? 'Checking...' : 'Turn on'}
        </Button>
      </Form>
    </div>
  );
}

/** On: recovery codes left, new codes, turn off (each with a code; off is refused while the company requires it). */
function TwoFactorOn({ status, onCodes }: { status: TwoFactorStatus; onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const form = useCodeForm();
  const action = useRef<'regenerate' | 'disable'>('regenerate');
  const failed = regenerate.error ?? disable.error;
  const pending = regenerate.isPending || disable.isPending;

  const onValid = (body: TwoFactorCodeRequest) => {
    const onError = () => {
      form.setValue('code', '');
      form.setFocus('code');
    };
    if (action.current === 'disable') {
      regenerate.reset();
      disable.mutate(body, { onSuccess: () => toast.success(TWO_FACTOR_MESSAGES.disabled), onError });
    } else {
      disable.reset();
      regenerate.mutateAsync(body).then(({ recoveryCodes }) => {
        toast.success(TWO_FACTOR_MESSAGES.codesRegenerated);
        onCodes(recoveryCodes);
      }, onError);
    }
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        {status.required && !status.hasPasskey ? ` ${TWO_FACTOR_MESSAGES.requiredByCompany}` : ''}
      </p>
      <Form form={form} onValid={onValid} className="grid gap-4">
        {failed ? (
          <Alert variant="destructive">
            <AlertDescription>{errorText(failed)}</AlertDescription>
          </Alert>
        ) : null}
        <FormField
          id="two-factor-manage-code"
          label="Code from the app, or a recovery code"
          error={form.formState.errors.code?.message}
        >
          {(control) => (
            <Input {...control} autoComplete="one-time-code" className="sm:max-w-64" {...form.register('code')} />
          )}
        </FormField>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" variant="outline" disabled={pending} onClick={() => (action.current = 'regenerate')}>
            New recovery codes
          </Button>
          {status.required && !status.hasPasskey ? null : (
            <Button type="submit" variant="destructive" disabled={pending} onClick={() => (action.current = 'disable')}>
              Turn off
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <Alert>
        <AlertDescription>
          Save these recovery codes somewhere safe. Each works once, in place of a code from the app, if you lose your
          phone. They are not shown again.
        </AlertDescription>
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-4 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="outline"
          onClick={() => void copyWithToast(codes.join('\n'), 'Recovery codes copied', 'Keep them somewhere safe.')}
        >
          <Copy aria-hidden />
          Copy codes
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}
