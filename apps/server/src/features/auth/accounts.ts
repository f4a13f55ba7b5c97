import { users } from '../../db/schema';
import { lowerEq, type Executor } from '../../db/repository';

export { normaliseEmail } from '@referwell/shared';

/** Whether an account already uses this address (addresses are unique without regard to case). */
export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(lowerEq(users.email, email));
  return !!row;
}
