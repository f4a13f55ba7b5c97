import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DELETION_GRACE_DAYS,
  AUTH_MESSAGES,
  accountDeletionRequestSchema,
  type AccountDeletionRequest,
} from '@referwell/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useDeleteAccount } from './api';

const toast = scopedToast('delete-account-card');

/** "Delete my account": confirmed with the password in a dialog; the account is erased after a grace period. */
export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount({
    leave: async ({ scheduledFor }) => {
      setOpen(false);
      await navigate('/', { replace: true });
      toast.success(ACCOUNT_DATA_MESSAGES.deletionScheduled(formatDate(scheduledFor!)), { duration: 15_000 });
    },
  });
  const form = useForm<AccountDeletionRequest>({
    resolver: zodResolver(accountDeletionRequestSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = (body: AccountDeletionRequest) =>
    remove.mutate(body, {
      onError: () => {
        form.setValue('password', '');
        form.setFocus('password');
      },
    });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      remove.reset();
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2">Delete my account</CardTitle>
        <CardDescription>
          Your profile, résumé, notifications and settings are removed {ACCOUNT_DELETION_GRACE_DAYS} days after you ask;
          logging in before then cancels the deletion. Messages you sent and referrals companies hold stay with them,
          shown as &quot;Deleted user&quot;. You may want to export your data first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="destructive" className="w-full sm:w-fit">
              <Trash2 aria-hidden />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <Form form={form} onValid={onSubmit} className="grid gap-4">
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  You will be logged out now. Your account will be deleted in {ACCOUNT_DELETION_GRACE_DAYS} days unless
                  you log in before then. This cannot be undone afterwards.
                </DialogDescription>
              </DialogHeader>
              {remove.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>{errorMessage(remove.error, AUTH_MESSAGES.unknownError)}</AlertDescription>
                </Alert>
              ) : null}
              <FormField id="delete-account-password" label="Password" error={errors.password?.message}>
                {(control) => (
                  <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
                )}
              </FormField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Keep my account
                  </Button>
                </DialogClose>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete my account'}
                </Button>
              </DialogFooter>
            </Form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
