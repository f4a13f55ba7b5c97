import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectRows } from '../db/repository';

const installed = new WeakMap<Db, Promise<void>>();

/**
 * Keeps a copy of every sign-up link the app queues for mailing (a trigger on the queue's jobs table), so tests can
 * follow one whatever carries the mail (the outbox, an SMTP server, or no worker at all): the link as mailed, from
 * the job the sign-up enqueued. Installed once per database; idempotent across apps sharing it.
 */
export function captureSignupLinks(db: Db): Promise<void> {
  let done = installed.get(db);
  if (!done) {
    done = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('test_signup_links'))`);
      await tx.execute(sql`create table if not exists test_signup_links (
        email text not null, path text not null, at timestamptz not null default clock_timestamp())`);
      await tx.execute(
        sql.raw(`create or replace function test_signup_links_copy() returns trigger language plpgsql as $$
          begin
            if new.payload->>'template' = 'confirm-signup' then
              insert into test_signup_links (email, path) values (new.payload->>'to', new.payload->'props'->>'path');
            end if;
            return null;
          end $$`),
      );
      await tx.execute(sql`create or replace trigger test_signup_links_copy after insert on graphile_worker._private_jobs
        for each row execute function test_signup_links_copy()`);
    });
    installed.set(db, done);
  }
  return done;
}

/** The newest sign-up link queued for `email` (path and query), or null. */
export async function signupLinkFor(db: Db, email: string): Promise<string | null> {
  const [row] = await selectRows<{ path: string }>(
    db,
    sql`select path from test_signup_links where email = ${email.toLowerCase()} order by at desc limit 1`,
  );
  return row?.path ?? null;
}
