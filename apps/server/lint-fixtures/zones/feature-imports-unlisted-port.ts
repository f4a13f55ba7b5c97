// planted at: apps/server/src/features/health/planted.ts
// A feature using a port that does not list it as a user.
import { canReadReferral } from '../referrals/port';

export const planted = canReadReferral;
