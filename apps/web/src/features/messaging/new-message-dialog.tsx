import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, SUBJECT_MAX_LENGTH, type Contact } from '@referwell/shared';
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
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
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
  const [subject, setSubject] = useState(defaultSubject);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ recipientId?: string; message?: string; subject?: string }>({});
  const deferredSearch = useDeferredValue(search.trim());
  const contacts = useQuery({ ...contactsQueryOptions(deferredSearch), enabled: !recipient });
  const ids = {
    to: useId(),
    subject: useId(),
    message: useId(),
    toError: useId(),
    messageError: useId(),
    list: useId(),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (start.isPending) return;
    const next: typeof errors = {};
    if (!recipient) next.recipientId = MESSAGING_MESSAGES.recipientRequired;
    if (!message.trim()) next.message = MESSAGING_MESSAGES.messageRequired;
    setErrors(next);
    if (!recipient || next.message) return;
    start.mutate(
      {
        recipientId: recipient.id,
        subject: subject.trim() || undefined,
        message: message.trim(),
        jobId: context?.jobId ?? null,
        referralId: context?.referralId ?? null,
      },
      {
        onSuccess: (detail) => {
          onOpenChange(false);
          void navigate(`/messages/${detail.conversation.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
          toast.error('Error', {
            description:
              error instanceof ApiError && (error.status === 403 || error.status === 429)
                ? error.message
                : MESSAGING_MESSAGES.createFailed,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{MESSAGING_MESSAGES.newMessage}</DialogTitle>
        <DialogDescription>Start a conversation with someone you are connected with.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={ids.to}>To</Label>
        {recipient ? (
          <div className="flex items-center gap-2 rounded-md border px-2 py-1.5" id={ids.to}>
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
                onClick={() => setRecipient(null)}
                aria-label={`Remove ${recipient.name}`}
              >
                <X aria-hidden />
              </Button>
            )}
          </div>
        ) : (
          <>
            <Input
              id={ids.to}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search contacts..."
              autoComplete="off"
              aria-controls={ids.list}
              aria-invalid={errors.recipientId ? true : undefined}
              aria-describedby={errors.recipientId ? ids.toError : undefined}
            />
            <div className="max-h-48 overflow-y-auto rounded-md border" id={ids.list}>
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
                        onClick={() => {
                          setRecipient(c);
                          setErrors((e) => ({ ...e, recipientId: undefined }));
                        }}
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
        )}
        <FieldError id={ids.toError} message={errors.recipientId} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.subject}>Subject (optional)</Label>
        <Input
          id={ids.subject}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          maxLength={SUBJECT_MAX_LENGTH}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          // With the recipient chosen beforehand, the message is what is left to write: the dialog opens on it.
          autoFocus={!!preset}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? ids.messageError : undefined}
        />
        <FieldError id={ids.messageError} message={errors.message} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Sending...' : MESSAGING_MESSAGES.sendMessage}
        </Button>
      </DialogFooter>
    </form>
  );
}
