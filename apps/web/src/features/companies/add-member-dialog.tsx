import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { scopedToast } from '@/lib/toast';
import { addTeamMemberSchema, COMPANY_MESSAGES, type AddTeamMember } from '@referwell/shared';
import { Button } from '@/components/ui/button';
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
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { fieldErrors } from '@/lib/api';
import { useInviteTeamMember } from './api';

const toast = scopedToast('add-member-dialog');

const emptyMember: AddTeamMember = { name: '', email: '' };

/** Only messages other than "missing" show under a field; a missing value is told by the toast. */
const inlineMessage = (message: string | undefined) =>
  message && message !== COMPANY_MESSAGES.missingInfo ? message : undefined;

export function AddMemberDialog({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const invite = useInviteTeamMember(companyId);
  const form = useForm<AddTeamMember>({ resolver: zodResolver(addTeamMemberSchema), defaultValues: emptyMember });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(emptyMember);
      invite.reset();
    }
  };

  const onInvalid = (fieldErrors: FieldErrors<AddTeamMember>) => {
    if (
      fieldErrors.name?.message === COMPANY_MESSAGES.missingInfo ||
      fieldErrors.email?.message === COMPANY_MESSAGES.missingInfo
    ) {
      toast.error(COMPANY_MESSAGES.missingInfoTitle, { description: COMPANY_MESSAGES.missingInfo });
    }
  };

  const onValid = (member: AddTeamMember) =>
    invite.mutate(member, {
      onSuccess: (invitation) => {
        toast.success(COMPANY_MESSAGES.memberAdded, {
          description: `An invitation has been sent to ${invitation.email || member.email}.`,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.name) form.setError('name', { message: fields.name });
        if (fields.email) form.setError('email', { message: fields.email });
        toast.error('Could not add team member', { description: error.message });
      },
    });

  const nameError = inlineMessage(errors.name?.message);
  const emailError = inlineMessage(errors.email?.message);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add Team Member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Team Member</DialogTitle>
          <DialogDescription>
            We will e-mail them an invitation link to join your company as a referrer.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="grid gap-4">
          <FormField id="member-name" label="Name" error={nameError}>
            {(c) => <Input {...c} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField id="member-email" label="Email" error={emailError}>
            {(c) => <Input {...c} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Adding...' : 'Add Member'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
