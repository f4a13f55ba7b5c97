import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { conversationDateLabel, MESSAGING_MESSAGES, type Conversation } from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/load-error';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { conversationTitle, otherParticipants } from './participants';

export function ConversationList({
  conversations,
  isPending,
  isError,
  onRetry,
  search,
  onSearch,
  selectedId,
  myId,
}: {
  conversations: Conversation[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  search: string;
  onSearch: (q: string) => void;
  selectedId: string | undefined;
  myId: string | undefined;
}) {
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="relative border-b p-3">
        <Search
          className="pointer-events-none absolute left-6 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={MESSAGING_MESSAGES.searchPlaceholder}
          aria-label={MESSAGING_MESSAGES.searchPlaceholder}
          className="pl-9"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <ul className="grid gap-1 p-2" aria-label="Loading conversations">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="flex items-center gap-3 p-2">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div className="p-3">
            <LoadError title="Error" message="Could not load your conversations." onRetry={onRetry} />
          </div>
        ) : !conversations?.length ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{MESSAGING_MESSAGES.noConversations}</p>
        ) : (
          <ul aria-label="Conversations">
            {conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} selected={c.id === selectedId} myId={myId} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ConversationItem({
  conversation,
  selected,
  myId,
}: {
  conversation: Conversation;
  selected: boolean;
  myId: string | undefined;
}) {
  const other = otherParticipants(conversation, myId)[0];
  const title = conversationTitle(conversation, myId);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link
        to={`/messages/${conversation.id}`}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex gap-3 border-b px-3 py-3 transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-hidden',
          selected && 'bg-accent/60 hover:bg-accent/60',
        )}
      >
        <Avatar className="size-10">
          {other?.avatar ? <AvatarImage src={other.avatar} alt="" /> : null}
          <AvatarFallback className="bg-accent text-accent-foreground">{initials(other?.name ?? '?')}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={cn('truncate text-sm', unread > 0 ? 'font-semibold' : 'font-medium')}>{title}</p>
            <time className="shrink-0 text-xs text-muted-foreground" dateTime={conversation.updatedAt}>
              {conversationDateLabel(conversation.updatedAt)}
            </time>
          </div>
          {conversation.subject ? (
            <p className="truncate text-xs font-medium text-foreground/80">{conversation.subject}</p>
          ) : null}
          <div className="flex items-center justify-between gap-2">
            <p className={cn('truncate text-sm', unread > 0 ? 'text-foreground' : 'text-muted-foreground')}>
              {last ? `${last.senderId === myId ? 'You: ' : ''}${last.text}` : ''}
            </p>
            {unread > 0 ? (
              <span
                className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
                aria-label={`${unread} unread`}
              >
                {unread}
              </span>
            ) : null}
          </div>
        </div>
      </Link>
    </li>
  );
}
