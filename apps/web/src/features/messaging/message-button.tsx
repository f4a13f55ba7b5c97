import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { MESSAGING_MESSAGES, type Contact } from '@referwell/shared';
import { Button, type ButtonProps } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { lookupConversation, messagingKeys, type MessageContext } from './api';
import { NewMessageDialog } from './new-message-dialog';

const toast = scopedToast('message-button');

export interface MessageButtonProps {
  /** The person to message. */
  userId: string;
  /** What the conversation is about: a job or a referral (kept on the conversation). */
  context?: MessageContext;
  /** Subject prefilled when a new conversation is started (e.g. the job title). */
  subject?: string;
  /** Button text; 'Message' by default. */
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * The reusable 'Message' button (SPEC §2): opens the existing conversation with that person
 * (about the same job or referral), or the New Message dialog addressed to them.
 */
export function MessageButton({
  userId,
  context,
  subject,
  label = 'Message',
  variant = 'outline',
  size,
  className,
}: MessageButtonProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [recipient, setRecipient] = useState<Contact | null>(null);

  const onClick = async () => {
    setBusy(true);
    try {
      const found = await queryClient.fetchQuery({
        queryKey: [...messagingKeys.all, 'lookup', userId, context?.jobId ?? null, context?.referralId ?? null],
        queryFn: () => lookupConversation(userId, context),
        staleTime: 0,
      });
      if (found.conversationId) {
        void navigate(`/messages/${found.conversationId}`);
      } else if (found.canMessage && found.recipient) {
        setRecipient(found.recipient);
      } else {
        toast.error('Error', { description: MESSAGING_MESSAGES.notAllowed });
      }
    } catch (error) {
      toast.error('Error', {
        description: isApiError(error, 401) ? error.message : MESSAGING_MESSAGES.startFailed,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => void onClick()} disabled={busy}>
        <MessageSquare aria-hidden />
        {label}
      </Button>
      <NewMessageDialog
        open={recipient !== null}
        onOpenChange={(open) => !open && setRecipient(null)}
        recipient={recipient}
        context={context}
        defaultSubject={subject}
      />
    </>
  );
}
