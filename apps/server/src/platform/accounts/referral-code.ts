import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/repository';
import { users } from '../../db/schema';
import { randomCode } from '../../lib/tokens';

/** A job seeker's code for inviting others (SPEC §9: TALENT + 6 characters), unused so far. */
export async function newReferralCode(db: Executor): Promise<string> {
  for (;;) {
    const code = `TALENT${randomCode(6)}`;
    const [clash] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
    if (!clash) return code;
  }
}
