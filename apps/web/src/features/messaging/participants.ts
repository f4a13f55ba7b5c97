import type { Conversation, Participant } from '@referwell/shared';

/** The people in a conversation other than me (for a direct conversation: the one other person). */
export function otherParticipants(conversation: Conversation, myId: string | undefined): Participant[] {
  const others = conversation.participants.filter((p) => p.id !== myId);
  return others.length > 0 ? others : conversation.participants;
}

export function conversationTitle(conversation: Conversation, myId: string | undefined): string {
  return otherParticipants(conversation, myId)
    .map((p) => p.name)
    .join(', ');
}

export function roleLabel(p: Participant): string {
  if (p.role === 'jobseeker') return 'Job Seeker';
  return p.companyName ? `Referrer at ${p.companyName}` : 'Referrer';
}
