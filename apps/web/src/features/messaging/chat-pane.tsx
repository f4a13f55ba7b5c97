import { useInfiniteQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ArrowLeft, Send } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES, messageDayLabel, type Message } from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { LoadError } from '@/components/load-error';
import { useViewingConversation } from '@/lib/realtime/use-realtime';
import { isApiError, isMissing } from '@/lib/api';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { conversationQueryOptions, useMarkConversationRead, useSendMessage } from './api';
import { MessageText } from './message-text';
import { conversationTitle, otherParticipants, roleLabel } from './participants';

const toast = scopedToast('chat-pane');

/** Consecutive messages of one calendar day, under its heading. */
export function groupByDay(
  messages: Message[],
  now = new Date(),
): { label: string; key: string; messages: Message[] }[] {
  const groups: { label: string; key: string; messages: Message[] }[] = [];
  for (const message of messages) {
    const key = format(new Date(message.timestamp), 'yyyy-MM-dd');
    const current = groups.at(-1);
    if (current?.key === key) current.messages.push(message);
    else groups.push({ key, label: messageDayLabel(message.timestamp, now), messages: [message] });
  }
  return groups;
}

export function ChatPane({ conversationId, myId }: { conversationId: string; myId: string | undefined }) {
  const query = useInfiniteQuery(conversationQueryOptions(conversationId));
  const markRead = useMarkConversationRead(conversationId, myId);
  useViewingConversation(conversationId);

  const pages = query.data?.pages ?? [];
  const conversation = pages[0]?.conversation;
  const messages = [...pages].reverse().flatMap((p) => p.messages);
  const newest = messages.at(-1);
  const hasUnreadIncoming =
    messages.some((m) => m.senderId !== myId && !m.read) || (conversation?.unreadCount ?? 0) > 0;

  // Opening the conversation (and every message that arrives while it is open) marks it read.
  const { mutate: markReadNow, isPending: marking } = markRead;
  useEffect(() => {
    if (hasUnreadIncoming && !marking) markReadNow();
  }, [hasUnreadIncoming, newest?.id, marking, markReadNow]);

  // Auto-scroll to the newest message when it changes (not when older pages load above).
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest?.id]);

  if (query.isPending) {
    return (
      <div className="grid gap-4 p-6" aria-label="Loading conversation">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
        <Skeleton className="h-12 w-2/3" />
      </div>
    );
  }
  if (query.isError || !conversation) {
    const missing = isMissing(query.error);
    return (
      <div className="p-6">
        {missing ? (
          <div className="grid justify-items-center gap-3 py-12 text-center">
            <p className="font-medium">{MESSAGING_MESSAGES.notFound}</p>
            <Button asChild variant="outline">
              <Link to="/messages">Back to Messages</Link>
            </Button>
          </div>
        ) : (
          <LoadError title="Error" message="Could not load this conversation." onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  const other = otherParticipants(conversation, myId)[0];
  const lastMine = [...messages].reverse().find((m) => m.senderId === myId);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b px-4 py-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 md:hidden">
          <Link to="/messages" aria-label="Back to conversations">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <Avatar className="size-10">
          {other?.avatar ? <AvatarImage src={other.avatar} alt="" /> : null}
          <AvatarFallback className="bg-accent text-accent-foreground">{initials(other?.name ?? '?')}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h2 className="truncate font-semibold">{conversationTitle(conversation, myId)}</h2>
          <p className="truncate text-sm text-muted-foreground">
            {[other ? roleLabel(other) : null, conversation.subject].filter(Boolean).join(' · ')}
          </p>
        </div>
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" aria-live="polite" aria-label="Messages">
        {query.hasNextPage ? (
          <div className="mb-4 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading...' : 'Load earlier messages'}
            </Button>
          </div>
        ) : null}
        {groupByDay(messages).map((group) => (
          <section key={group.key} aria-label={group.label} className="mb-4">
            <h3 className="mb-3 text-center text-xs font-medium text-muted-foreground">
              <span className="rounded-full bg-muted px-3 py-1">{group.label}</span>
            </h3>
            <ol className="grid gap-2">
              {group.messages.map((m) => {
                const mine = m.senderId === myId;
                return (
                  <li key={m.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                    <div
                      className={cn(
                        'max-w-[70%] rounded-2xl px-4 py-2 text-sm shadow-xs',
                        mine
                          ? 'rounded-br-sm bg-primary text-primary-foreground'
                          : 'rounded-bl-sm bg-muted text-foreground',
                      )}
                    >
                      <MessageText text={m.text} />
                    </div>
                    <span className="mt-1 text-xs text-muted-foreground">
                      {format(new Date(m.timestamp), 'h:mm a')}
                      {mine && m.id === lastMine?.id && m.read ? ' · Read' : ''}
                    </span>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
      <SendBox conversationId={conversationId} />
    </div>
  );
}

function SendBox({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= MESSAGE_MAX_LENGTH && !send.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    send.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (error) =>
        toast.error('Error', {
          description: isApiError(error) && error.status !== 500 ? error.message : MESSAGING_MESSAGES.sendFailed,
        }),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t p-3">
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Type a message..."
        aria-label="Message"
        rows={2}
        maxLength={MESSAGE_MAX_LENGTH}
        className="max-h-40 min-h-11 resize-none"
      />
      <Button type="submit" size="icon" disabled={!canSend} aria-label="Send">
        {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden />}
      </Button>
    </form>
  );
}
