import type { JoinWaitlistRequest } from '@referwell/shared';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';

/**
 * Adds a person to the waitlist. Joining twice with the same e-mail (any case) keeps the
 * first entry and is still a success for the person: they are on the list either way.
 */
export async function joinWaitlist(db: Db, entry: JoinWaitlistRequest): Promise<{ created: boolean }> {
  const inserted = await db
    .insert(waitlistEntries)
    .values({ name: entry.name, email: entry.email.toLowerCase(), role: entry.role })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return { created: inserted.length > 0 };
}
