import { useQuery } from '@tanstack/react-query';
import { MessageSquare, PenSquare } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useParams } from 'react-router';
import { MESSAGING_MESSAGES } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/utils';
import { conversationListQueryOptions } from './api';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';
import { NewMessageDialog } from './new-message-dialog';

/**
 * Messages (/messages and /messages/{conversationId}, SPEC §2): the conversation list (1/3) and
 * the chat (2/3) from medium screens up; one of them at a time on small screens.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const { conversationId } = useParams();
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const q = useDeferredValue(search.trim());
  const list = useQuery(conversationListQueryOptions(q));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <header className="mb-4 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Messages</h1>
        <Button onClick={() => setDialogOpen(true)}>
          <PenSquare aria-hidden />
          {MESSAGING_MESSAGES.newMessage}
        </Button>
      </header>
      <div className="grid h-[70vh] min-h-[28rem] grid-cols-1 overflow-hidden rounded-xl border bg-card md:grid-cols-3">
        <section
          aria-label="Conversation list"
          className={cn('min-h-0 border-r md:col-span-1', conversationId ? 'max-md:hidden' : '')}
        >
          <ConversationList
            conversations={list.data?.items}
            isPending={list.isPending}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            search={search}
            onSearch={setSearch}
            selectedId={conversationId}
            myId={user?.id}
          />
        </section>
        <section
          aria-label="Conversation"
          className={cn('min-h-0 md:col-span-2', conversationId ? '' : 'max-md:hidden')}
        >
          {conversationId ? (
            <ChatPane key={conversationId} conversationId={conversationId} myId={user?.id} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
              <MessageSquare className="size-10" aria-hidden />
              <p>{MESSAGING_MESSAGES.selectConversation}</p>
            </div>
          )}
        </section>
      </div>
      <NewMessageDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
