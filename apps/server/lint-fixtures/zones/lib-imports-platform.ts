// planted at: apps/server/src/lib/planted.ts
// lib/ reaching up into the platform.
import { publish } from '../platform/events/publish';

export const planted = publish;
