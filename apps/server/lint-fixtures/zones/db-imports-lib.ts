// planted at: apps/server/src/db/planted.ts
// db/ reaching up into lib/.
import { notFound } from '../lib/errors';

export const planted = notFound;
