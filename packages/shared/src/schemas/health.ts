import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(['embedded', 'postgres']),
    latencyMs: z.number(),
  }),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Liveness: the process answers; says nothing about the database (that is /api/health, readiness). */
export const livenessResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
