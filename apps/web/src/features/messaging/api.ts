import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Contact,
  ConversationDetail,
  ConversationListResponse,
  ConversationLookup,
  Message,
  StartConversationInput,
  UnreadCount,
} from '@referwell/shared';
import { api } from '@/lib/api';

export const messagingKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (q: string) => ['conversations', 'list', q] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  unread: () => ['conversations', 'unread'] as const,
  contacts: (q: string) => ['conversations', 'contacts', q] as const,
};

const base = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export const conversationListQueryOptions = (q: string) =>
  queryOptions({
    queryKey: messagingKeys.list(q),
    queryFn: ({ signal }) =>
      api<ConversationListResponse>(
        `/api/conversations?${new URLSearchParams({ ...(q ? { q } : {}), pageSize: '50' })}`,
        { signal },
      ),
  });

export const MESSAGE_PAGE_SIZE = 50;

/** Pages of one conversation: the first page is the newest; the next pages go back in time. */
export const conversationQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.detail(id),
    queryFn: ({ signal, pageParam }) =>
      api<ConversationDetail>(
        `${base(id)}?${new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE), ...(pageParam ? { before: pageParam } : {}) })}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? null) : null),
  });

export const unreadMessagesQueryOptions = queryOptions({
  queryKey: messagingKeys.unread(),
  queryFn: ({ signal }) => api<UnreadCount>('/api/conversations/unread-count', { signal }),
});

export const contactsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: messagingKeys.contacts(q),
    queryFn: ({ signal }) =>
      api<Contact[]>(`/api/conversations/contacts?${new URLSearchParams(q ? { q } : {})}`, { signal }),
    staleTime: 30_000,
  });

export interface MessageContext {
  jobId?: string;
  referralId?: string;
}

export const lookupConversation = (userId: string, context: MessageContext = {}) =>
  api<ConversationLookup>(
    `/api/conversations/lookup?${new URLSearchParams({
      userId,
      ...(context.jobId ? { jobId: context.jobId } : {}),
      ...(context.referralId ? { referralId: context.referralId } : {}),
    })}`,
  );

type DetailData = InfiniteData<ConversationDetail, string | null>;

/** Adds a message to a cached conversation (once, whichever of the answer and the push comes first). */
export function addMessageToCache(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<DetailData>(messagingKeys.detail(message.conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return {
      ...data,
      pages: [
        {
          ...newest,
          conversation: { ...newest.conversation, lastMessage: message, updatedAt: message.timestamp },
          messages: [...newest.messages, message],
        },
        ...older,
      ],
    };
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<Message>(`${base(conversationId)}/messages`, { method: 'POST', body: { text } }),
    onSuccess: (message) => {
      addMessageToCache(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
    },
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartConversationInput) =>
      api<ConversationDetail>('/api/conversations', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

export function useMarkConversationRead(conversationId: string, myId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ unreadCount: number }>(`${base(conversationId)}/read`, { method: 'POST' }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(messagingKeys.unread(), { count: unreadCount });
      // The others' messages are read now: reflect it at once, so the screen does not ask again.
      queryClient.setQueryData<DetailData>(messagingKeys.detail(conversationId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, i) => ({
                ...page,
                conversation: i === 0 ? { ...page.conversation, unreadCount: 0 } : page.conversation,
                messages: page.messages.map((m) => (m.senderId !== myId && !m.read ? { ...m, read: true } : m)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
