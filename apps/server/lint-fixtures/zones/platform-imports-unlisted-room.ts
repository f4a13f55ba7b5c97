// planted at: apps/server/src/platform/events/planted.ts
// A platform room importing one it may not (events sits below sessions).
import { createSession } from '../sessions/sessions';

export const planted = createSession;
