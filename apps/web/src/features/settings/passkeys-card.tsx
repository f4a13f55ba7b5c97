import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  AUTH_MESSAGES,
  formatDate,
  PASSKEY_MESSAGES as T,
  passkeyAddFormSchema,
  passkeyRenameSchema,
  type Passkey,
  type PasskeyAddForm,
  type PasskeyRename,
} from '@referwell/shared';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { passkeyErrorMessage } from '@/lib/passkeys';
import { scopedToast } from '@/lib/toast';
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey, useRenamePasskey } from './api';

const toast = scopedToast('passkeys-card');
const errorText = (error: unknown) => passkeyErrorMessage(error, errorMessage(error, AUTH_MESSAGES.unknownError));

/** Passkeys (ADR 0040): add one on this device, see, rename and remove them. */
export function PasskeysCard() {
  const list = useQuery(passkeysQueryOptions);
  return (
    <Card id="passkeys">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          {T.title}
          {list.data?.passkeys.length ? <Badge variant="secondary">{list.data.passkeys.length}</Badge> : null}
        </CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {list.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-10 w-48" />
          </div>
        ) : list.isError ? (
          <LoadError title={T.loadError} message={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <>
            {list.data.passkeys.length === 0 ? (
              <EmptyState icon={KeyRound} title={T.empty}>
                {T.emptyDescription}
              </EmptyState>
            ) : (
              <ul aria-label={T.title} className="grid divide-y rounded-md border">
                {list.data.passkeys.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} codeNeeded={list.data.codeNeeded} />
                ))}
              </ul>
            )}
            <AddPasskey codeNeeded={list.data.codeNeeded} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CodeHint() {
  return <p className="text-sm text-muted-foreground">{T.codeHint}</p>;
}

function AddPasskey({ codeNeeded }: { codeNeeded: boolean }) {
  const add = useAddPasskey();
  const form = useForm<PasskeyAddForm>({
    resolver: zodResolver(passkeyAddFormSchema),
    defaultValues: { name: T.defaultName, code: '' },
  });
  const onValid = (values: PasskeyAddForm) =>
    add.mutate(
      { name: values.name, ...(codeNeeded && values.code ? { code: values.code } : {}) },
      {
        onSuccess: () => {
          toast.success(T.added);
          form.reset({ name: T.defaultName, code: '' });
        },
        onError: () => form.setValue('code', ''),
      },
    );
  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      {add.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(add.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="passkey-name" label={T.nameLabel} hint={T.nameHint} error={form.formState.errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('name')} />}
        </FormField>
        {codeNeeded ? (
          <FormField id="passkey-add-code" label={T.codeLabel} error={form.formState.errors.code?.message}>
            {(control) => <Input {...control} autoComplete="one-time-code" {...form.register('code')} />}
          </FormField>
        ) : null}
      </div>
      {codeNeeded ? <CodeHint /> : null}
      <Button type="submit" className="w-full sm:w-fit" disabled={add.isPending}>
        <KeyRound aria-hidden />
        {add.isPending ? T.adding : T.add}
      </Button>
    </Form>
  );
}

function PasskeyRow({ passkey, codeNeeded }: { passkey: Passkey; codeNeeded: boolean }) {
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="grid gap-3 p-4">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <p className="font-medium break-words">{passkey.name}</p>
            <p className="text-sm text-muted-foreground">
              {T.created} {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `${T.lastUsed} ${formatDate(passkey.lastUsedAt)}` : T.neverUsed}
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRenaming(true)}
              aria-label={`${T.rename} ${passkey.name}`}
            >
              {T.rename}
            </Button>
            <RemovePasskey passkey={passkey} codeNeeded={codeNeeded} />
          </div>
        </div>
      )}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const form = useForm<PasskeyRename>({
    resolver: zodResolver(passkeyRenameSchema),
    defaultValues: { name: passkey.name },
  });
  const onValid = ({ name }: PasskeyRename) =>
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          toast.success(T.renamed);
          onDone();
        },
      },
    );
  return (
    <Form form={form} onValid={onValid} className="grid gap-3">
      {rename.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(rename.error)}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id={`passkey-rename-${passkey.id}`} label={T.nameLabel} error={form.formState.errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') onDone();
            }}
            {...form.register('name')}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {T.save}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}

function RemovePasskey({ passkey, codeNeeded }: { passkey: Passkey; codeNeeded: boolean }) {
  const remove = useRemovePasskey();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const codeId = `passkey-remove-code-${passkey.id}`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setCode('');
          remove.reset();
        }
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`${T.remove} ${passkey.name}`}>
          {T.remove}
        </Button>
      }
      title={T.removeTitle}
      description={
        <>
          “{passkey.name}”. {T.removeDescription}
        </>
      }
      cancelLabel={T.cancel}
      confirmLabel={T.remove}
      destructive
      confirmDisabled={remove.isPending}
      onConfirm={(event) => {
        // Stays open until the server answers: a wrong code is shown here.
        event.preventDefault();
        remove.mutate(
          { id: passkey.id, ...(codeNeeded ? { code } : {}) },
          {
            onSuccess: () => {
              toast.success(T.removed);
              setOpen(false);
            },
          },
        );
      }}
    >
      {remove.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorText(remove.error)}</AlertDescription>
        </Alert>
      ) : null}
      {codeNeeded ? (
        <div className="grid gap-2">
          <Label htmlFor={codeId}>{T.codeLabel}</Label>
          <Input id={codeId} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
          <CodeHint />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
