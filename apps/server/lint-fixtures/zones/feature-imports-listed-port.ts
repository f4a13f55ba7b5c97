// planted at: apps/server/src/features/dashboard/planted.ts
// Allowed (the control): a feature using a port that lists it.
import { referralTotals } from '../referrals/port';

export const planted = referralTotals;
