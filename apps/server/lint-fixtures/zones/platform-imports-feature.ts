// planted at: apps/server/src/platform/events/planted.ts
// The platform reaching up into a feature.
import { getJob } from '../../features/jobs/port';

export const planted = getJob;
