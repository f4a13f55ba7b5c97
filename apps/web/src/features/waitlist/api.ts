import { useMutation } from '@tanstack/react-query';
import type { JoinWaitlistRequest, JoinWaitlistResponse } from '@referwell/shared';
import { api } from '@/lib/api';

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (entry: JoinWaitlistRequest) =>
      api<JoinWaitlistResponse>('/api/waitlist', { method: 'POST', body: entry }),
  });
}
