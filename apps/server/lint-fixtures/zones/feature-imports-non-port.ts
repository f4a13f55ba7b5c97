// planted at: apps/server/src/features/dashboard/planted.ts
// A feature reaching into another feature past its port.
import { findJob } from '../referrals/access';

export const planted = findJob;
