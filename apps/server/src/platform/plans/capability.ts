// The one capability check of the server: what a company's plan includes is decided by `can` (packages/shared
// rules/plans.ts), asked here for a route (`config: { capability }`, checked after its access) or by a service that
// knows the capability only once it has read the request (`requireCapability`).
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import {
  can,
  capabilityRefusal,
  CAPABILITIES,
  type Capability,
  type CapabilityUse,
  type CompanyPlanState,
} from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { AppError } from '../../lib/errors';
import { companyPlanState } from './state';

/** A capability a route needs, and how it uses it (`use` unless it only shows what exists). */
export type CapabilityNeed = Capability | { capability: Capability; use: CapabilityUse };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs of the company's plan (the company of its `:companyId`, else the caller's): a capability,
     * or a function of the request for a route whose need depends on its parameters (null: none).
     */
    capability?: CapabilityNeed | ((request: FastifyRequest) => CapabilityNeed | null);
  }
}

/** A refusal for a capability the plan does not include now: 402, with what it needs in words. */
export const planRequired = (state: CompanyPlanState, capability: Capability) =>
  new AppError(402, 'PLAN_REQUIRED', capabilityRefusal(state, capability));

/** Throws 402 unless the company's plan lets it use (or view) the capability. Returns the plan state. */
export async function requireCapability(
  db: Executor,
  billing: boolean,
  companyId: string,
  capability: Capability,
  use: CapabilityUse = 'use',
): Promise<CompanyPlanState> {
  const state = await companyPlanState(db, billing, companyId);
  if (!can(state, capability, use)) throw planRequired(state, capability);
  return state;
}

/**
 * Whether the company's plan lets it use (or view) the capability now: the same check, asked by work that stops
 * quietly instead of refusing (a queued channel post, a sign-in that falls back to the password).
 */
export async function hasCapability(
  db: Executor,
  billing: boolean,
  companyId: string,
  capability: Capability,
  use: CapabilityUse = 'use',
): Promise<boolean> {
  return can(await companyPlanState(db, billing, companyId), capability, use);
}

/** The capabilities a company may use now: what the web's capability hook and the billing page show. */
export const capabilitiesOf = (state: CompanyPlanState): Capability[] => CAPABILITIES.filter((c) => can(state, c));

/**
 * Makes every route registered on `app` from now on check its `config.capability` before its handler, after its
 * access check (register this before `requireRouteAccess`, whose check is put first). Without billing configured the
 * check answers at once: every capability is on.
 */
export function requireRouteCapabilities(app: FastifyInstance, deps: { db: Executor; billing: boolean }): void {
  const { db, billing } = deps;
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.capability;
    if (!declared) return;
    const hook: preHandlerAsyncHookHandler = async (request) => {
      if (!billing) return;
      const need = typeof declared === 'function' ? declared(request) : declared;
      if (!need) return;
      const { capability, use } = typeof need === 'string' ? { capability: need, use: 'use' as const } : need;
      const { companyId } = (request.params ?? {}) as { companyId?: string };
      const company = companyId ?? request.auth?.company?.id;
      if (!company) throw planRequired({ billing: 'stripe', plan: null, status: 'none' }, capability);
      await requireCapability(db, billing, company, capability, use);
    };
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [hook, ...own];
  });
}
