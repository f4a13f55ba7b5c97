/**
 * The messaging feature's port: the only part of features/messaging another feature may import (eslint.config.js).
 * Used by: jobs, referrals and talent (a Message button), notifications (the header's unread count, and a pushed
 * message put straight into the conversation's cache).
 */
export { addMessageToCache, unreadMessagesQueryOptions, type MessageContext } from './api';
export { MessageButton } from './message-button';
