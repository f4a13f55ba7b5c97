import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  startConversationSchema,
  SUBJECT_MAX_LENGTH,
  type Contact,
  type StartConversationInput,
} from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrors, isApiError } from '@/lib/api';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { contactsQueryOptions, useStartConversation, type MessageContext } from './api';

const toast = scopedToast('new-message-dialog');

export interface NewMessageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A recipient chosen beforehand (a Message button); the To field then shows only them. */
  recipient?: Contact | null;
  context?: MessageContext;
  defaultSubject?: string;
}

function ContactAvatar({ contact }: { contact: Contact }) {
  return (
    <Avatar className="size-8">
      {contact.avatar ? <AvatarImage src={contact.avatar} alt="" /> : null}
      <AvatarFallback className="bg-accent text-xs text-accent-foreground">{initials(contact.name)}</AvatarFallback>
    </Avatar>
  );
}

/** 'New Message' (SPEC §2): To, optional Subject, Message; sending opens the new conversation. */
export function NewMessageDialog(props: NewMessageDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Remounted on every open, so the form starts empty each time. */}
        {props.open ? <NewMessageForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type NewMessageValues = z.output<typeof startConversationSchema>;
const FIELD_NAMES = ['recipientId', 'subject', 'message'] as const;
const isFieldName = (value: string): value is (typeof FIELD_NAMES)[number] =>
  (FIELD_NAMES as readonly string[]).includes(value);

function NewMessageForm({
  onOpenChange,
  recipient: preset = null,
  context,
  defaultSubject = '',
}: NewMessageDialogProps) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const [recipient, setRecipient] = useState<Contact | null>(preset);
  const [search, setSearch] = useState('');
  const form = useForm<StartConversationInput, unknown, NewMessageValues>({
    resolver: zodResolver(startConversationSchema),
    defaultValues: {
      recipientId: preset?.id ?? '',
      subject: defaultSubject,
      message: '',
      jobId: context?.jobId ?? null,
      referralId: context?.referralId ?? null,
    },
  });
  const { errors } = form.formState;
  const deferredSearch = useDeferredValue(search.trim());
  const contacts = useQuery({ ...contactsQueryOptions(deferredSearch), enabled: !recipient });
  const listId = useId();

  const choose = (contact: Contact | null) => {
    setRecipient(contact);
    form.setValue('recipientId', contact?.id ?? '');
    if (contact) form.clearErrors('recipientId');
  };

  const onValid = (values: NewMessageValues) => {
    if (start.isPending) return;
    start.mutate(
      { ...values, subject: values.subject ?? undefined },
      {
        onSuccess: (detail) => {
          onOpenChange(false);
          void navigate(`/messages/${detail.conversation.id}`);
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (isFieldName(field)) form.setError(field, { message });
          }
          toast.error('Error', {
            description: isApiError(error, 403, 429) ? error.message : MESSAGING_MESSAGES.createFailed,
          });
        },
      },
    );
  };

  return (
    <Form form={form} onValid={onValid} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{MESSAGING_MESSAGES.newMessage}</DialogTitle>
        <DialogDescription>Start a conversation with someone you are connected with.</DialogDescription>
      </DialogHeader>
      <FormField label="To" error={errors.recipientId?.message}>
        {(control) =>
          recipient ? (
            <div className="flex items-center gap-2 rounded-md border px-2 py-1.5" id={control.id}>
              <ContactAvatar contact={recipient} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{recipient.name}</p>
                {recipient.title ? <p className="truncate text-xs text-muted-foreground">{recipient.title}</p> : null}
              </div>
              {preset ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => choose(null)}
                  aria-label={`Remove ${recipient.name}`}
                >
                  <X aria-hidden />
                </Button>
              )}
            </div>
          ) : (
            <>
              <Input
                {...control}
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Search contacts..."
                autoComplete="off"
                aria-controls={listId}
              />
              <div className="max-h-48 overflow-y-auto rounded-md border" id={listId}>
                {contacts.isPending ? (
                  <p className="p-3 text-sm text-muted-foreground">Searching...</p>
                ) : !contacts.data?.length ? (
                  <p className="p-3 text-sm text-muted-foreground">{MESSAGING_MESSAGES.noContacts}</p>
                ) : (
                  <ul aria-label="Contacts">
                    {contacts.data.map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          onClick={() => choose(c)}
                          className={cn(
                            'flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-hidden',
                          )}
                        >
                          <ContactAvatar contact={c} />
                          <span className="min-w-0">
                            <span className="block truncate text-sm font-medium">{c.name}</span>
                            {c.title ? (
                              <span className="block truncate text-xs text-muted-foreground">{c.title}</span>
                            ) : null}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </>
          )
        }
      </FormField>
      <FormField label="Subject (optional)" error={errors.subject?.message}>
        {(control) => <Input {...control} maxLength={SUBJECT_MAX_LENGTH} {...form.register('subject')} />}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            // With the recipient chosen beforehand, the message is what is left to write: the dialog opens on it.
            autoFocus={!!preset}
            rows={4}
            maxLength={MESSAGE_MAX_LENGTH}
            {...form.register('message')}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Sending...' : MESSAGING_MESSAGES.sendMessage}
        </Button>
      </DialogFooter>
    </Form>
  );
}
