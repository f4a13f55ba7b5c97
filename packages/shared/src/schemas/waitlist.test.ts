import { describe, expect, it } from 'vitest';
import { joinWaitlistRequestSchema, WAITLIST_MESSAGES } from './waitlist';

describe('joinWaitlistRequestSchema', () => {
  it('accepts a complete entry and trims it', () => {
    const parsed = joinWaitlistRequestSchema.parse({ name: ' Ada ', email: ' ada@example.com ', role: 'referrer' });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', role: 'referrer' });
  });

  it('says "Please select your role" when the role is missing', () => {
    const result = joinWaitlistRequestSchema.safeParse({ name: 'Ada', email: 'ada@example.com' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === 'role')?.message).toBe(WAITLIST_MESSAGES.roleRequired);
  });

  it('rejects a malformed email with a readable message', () => {
    const result = joinWaitlistRequestSchema.safeParse({ name: 'Ada', email: 'not-an-email', role: 'company' });
    expect(result.error?.issues[0]?.message).toBe(WAITLIST_MESSAGES.emailInvalid);
  });
});
