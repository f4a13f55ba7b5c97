import { z } from 'zod';
import { PAGINATION } from '../constants';
import { paginatedSchema } from './common';

/** Longest message text accepted (characters, after trimming). */
export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;

/** Messaging texts (SPEC §2, §5, §8). */
export const MESSAGING_MESSAGES = {
  searchPlaceholder: 'Search conversations...',
  noConversations: 'No conversations found',
  noContacts: 'No contacts found',
  selectConversation: 'Select a conversation to start messaging',
  newMessage: 'New Message',
  sendMessage: 'Send Message',
  messageRequired: 'Please enter a message',
  messageTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  subjectTooLong: `The subject can be at most ${SUBJECT_MAX_LENGTH} characters`,
  recipientRequired: 'Please choose a recipient',
  startFailedTitle: 'Error',
  startFailed: 'Failed to start conversation. Please try again.',
  createFailed: 'Failed to create conversation. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  notFound: 'Conversation not found',
  notAllowed:
    'You can message people at your company, people connected to you through a job or application, and job seekers or referrers whose profiles you can see.',
  cannotMessageSelf: 'You cannot send a message to yourself.',
  rateLimited: 'You are sending messages too quickly.',
} as const;

const messageText = z
  .string({ error: MESSAGING_MESSAGES.messageRequired })
  .trim()
  .min(1, MESSAGING_MESSAGES.messageRequired)
  .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.messageTooLong);

/** Blank reference ids become null (SPEC §5). */
const optionalRef = z
  .union([z.uuid(), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const participantSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** Taken from the profile type: jobseeker or referrer. */
  role: z.string(),
  /** Company name for company users, null for job seekers. */
  companyName: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid().nullable(),
  text: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  participants: z.array(participantSchema),
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  subject: z.string().nullable(),
  referralId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  applicationId: z.uuid().nullable(),
  status: z.string(),
  type: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGINATION.maxPageSize).default(PAGINATION.defaultPageSize),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
export const conversationListResponseSchema = paginatedSchema(conversationSchema);
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/** Messages come newest page first; pass `before` (a message id) for the page before it. */
export const conversationMessagesQuerySchema = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ConversationMessagesQuery = z.infer<typeof conversationMessagesQuerySchema>;

export const conversationDetailSchema = z.object({
  conversation: conversationSchema,
  /** Oldest first within the page. */
  messages: z.array(messageSchema),
  /** True when older messages exist before the first one here. */
  hasMore: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const startConversationSchema = z.object({
  recipientId: z.uuid({ error: MESSAGING_MESSAGES.recipientRequired }),
  subject: z
    .string()
    .trim()
    .max(SUBJECT_MAX_LENGTH, MESSAGING_MESSAGES.subjectTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
  message: messageText,
  referralId: optionalRef,
  jobId: optionalRef,
});
export type StartConversationInput = z.input<typeof startConversationSchema>;

export const sendMessageSchema = z.object({ text: messageText });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.string(),
  title: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const contactsResponseSchema = z.array(contactSchema);

export const conversationLookupQuerySchema = z.object({
  userId: z.uuid(),
  jobId: z.uuid().optional(),
  referralId: z.uuid().optional(),
});
export const conversationLookupResponseSchema = z.object({
  conversationId: z.uuid().nullable(),
  /** Whether the server lets the viewer start a conversation with this person. */
  canMessage: z.boolean(),
  recipient: contactSchema.nullable(),
});
export type ConversationLookup = z.infer<typeof conversationLookupResponseSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const markReadResponseSchema = z.object({ unreadCount: z.number().int() });
