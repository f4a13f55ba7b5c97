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

/**
 * Liveness: the process answers, and its database has not been out of reach for longer than the grace
 * (DB_LIVENESS_GRACE): 503 'unhealthy' then, so a supervisor restarts the app (and its embedded PostgreSQL).
 * Readiness (the database answers now) is /api/health.
 */
export const livenessResponseSchema = z.object({
  status: z.enum(['ok', 'unhealthy']),
  /** Seconds this process has not reached its database (0 while it does). */
  databaseUnreachableSeconds: z.number(),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
