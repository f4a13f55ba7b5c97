import { and, eq, sql } from 'drizzle-orm';
import {
  defaultEmailFrequency,
  EMAIL_CATEGORIES,
  type EmailCategory,
  type EmailFrequency,
  type EmailPreferences,
  type UpdateEmailPreferences,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { emailPreferences } from '../../db/schema';

export async function readPreferences(db: Executor, userId: string): Promise<EmailPreferences> {
  const rows = await db
    .select({ category: emailPreferences.category, frequency: emailPreferences.frequency })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.category, row.frequency as EmailFrequency]));
  return {
    preferences: Object.fromEntries(
      EMAIL_CATEGORIES.map((category) => [category, chosen.get(category) ?? defaultEmailFrequency(category)]),
    ) as EmailPreferences['preferences'],
  };
}

export async function frequencyFor(db: Executor, userId: string, category: EmailCategory): Promise<EmailFrequency> {
  const [row] = await db
    .select({ frequency: emailPreferences.frequency })
    .from(emailPreferences)
    .where(and(eq(emailPreferences.userId, userId), eq(emailPreferences.category, category)));
  return (row?.frequency as EmailFrequency | undefined) ?? defaultEmailFrequency(category);
}

export async function savePreferences(
  db: Executor,
  userId: string,
  input: UpdateEmailPreferences,
): Promise<EmailPreferences> {
  const values = Object.entries(input.preferences).map(([category, frequency]) => ({
    userId,
    category,
    frequency: frequency as EmailFrequency,
  }));
  if (values.length > 0)
    await db
      .insert(emailPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [emailPreferences.userId, emailPreferences.category],
        set: { frequency: sql`excluded.frequency`, updatedAt: sql`now()` },
      });
  return readPreferences(db, userId);
}

/** The categories a user receives as the given digest. */
export async function categoriesAt(db: Executor, userId: string, frequency: EmailFrequency): Promise<EmailCategory[]> {
  const { preferences } = await readPreferences(db, userId);
  return EMAIL_CATEGORIES.filter((category) => preferences[category] === frequency);
}

/**
 * Switches every category the user gets as this digest off (the digest's one-click unsubscribe), a category still at
 * its default (the weekly roles to refer) included.
 */
export async function turnOffDigest(db: Db, userId: string, frequency: 'daily' | 'weekly'): Promise<EmailCategory[]> {
  const categories = await categoriesAt(db, userId, frequency);
  if (categories.length > 0)
    await savePreferences(db, userId, {
      preferences: Object.fromEntries(categories.map((category) => [category, 'off'])),
    });
  return categories;
}
