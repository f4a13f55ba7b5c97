/**
 * Northwind Health's payees in the demo, recorded through the payees service as an admin records them: Riley, an
 * employee paid through payroll (payroll id), and Marcus Bell of Lakeshore, who referred a hire from outside and is
 * paid as a contractor (a W-9 on file: his LLC, its EIN sealed with the app's key, shown as its last four digits).
 */
import type { Db } from '../db/client';
import { lowerEq } from '../db/repository';
import { companyMembers, users } from '../db/schema';
import type { Secrets } from '../lib/secrets';
import { savePayee } from '../features/bonuses/payees';
import { eq } from 'drizzle-orm';

export async function seedPayees(
  db: Db,
  secrets: Secrets,
  emails: { admin: string; referrer: string; outsideReferrer: string },
) {
  const idOf = async (email: string) => {
    const [row] = await db.select({ id: users.id }).from(users).where(lowerEq(users.email, email));
    return row!.id;
  };
  const adminId = await idOf(emails.admin);
  const [admin] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, adminId));
  const companyId = admin!.companyId;
  await savePayee(db, secrets, companyId, await idOf(emails.referrer), adminId, {
    kind: 'employee',
    payrollId: 'NW-10482',
  });
  await savePayee(db, secrets, companyId, await idOf(emails.outsideReferrer), adminId, {
    kind: 'external',
    legalName: 'Bell Product Advisory LLC',
    taxClassification: 'llc',
    tinType: 'ein',
    tin: '47-2918365',
  });
}
