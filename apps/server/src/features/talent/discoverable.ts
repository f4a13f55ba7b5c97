import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/repository';
import type { AuthContext } from '../../platform/sessions/sessions';
import { contactVisibleSql } from './service';

/**
 * SQL true when the user `talentId` is a job seeker who has not hidden their profile ("not
 * discoverable"). A job seeker without a profile row yet has the default: discoverable.
 */
export function discoverableJobSeekerSql(talentId: SQL): SQL {
  return sql`(exists (select 1 from users dj_u where dj_u.id = ${talentId} and dj_u.type = 'jobseeker')
    and not exists (select 1 from talent_profiles dj_p where dj_p.id = ${talentId} and not dj_p.discoverable))`;
}

/**
 * May this company user pick the job seeker `talentId` (refer them, track them as a candidate)?
 * Discoverable job seekers, and hidden ones who have a relationship with the viewer's company
 * (they applied, asked for or accepted a referral there: the contact-visibility rules).
 */
export async function isTalentVisibleTo(db: Executor, viewer: AuthContext, talentId: string): Promise<boolean> {
  const id = sql`${talentId}::uuid`;
  const [row] = await selectRows<{ visible: boolean }>(
    db,
    sql`select (${discoverableJobSeekerSql(id)}
        or (exists (select 1 from users v_u where v_u.id = ${id} and v_u.type = 'jobseeker')
            and ${contactVisibleSql(id, viewer)})) as visible`,
  );
  return !!row?.visible;
}
