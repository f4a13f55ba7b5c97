import { countAll } from '../repository';
import type { Db } from '../client';
import { waitlistEntries } from '../schema';
import { joinWaitlist } from '../../features/waitlist/service';
import { createFactories } from './factories';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export interface SeedResult {
  seeded: boolean;
  logins: DemoLogin[];
}

/** Fills an empty database with demo data. A database that already has data is left alone. */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  const [row] = await db.select({ count: countAll() }).from(waitlistEntries);
  if ((row?.count ?? 0) > 0) return { seeded: false, logins: [] };

  const factories = createFactories();
  for (let i = 0; i < 12; i++) await joinWaitlist(db, factories.waitlistEntry());
  return { seeded: true, logins: [] };
}
