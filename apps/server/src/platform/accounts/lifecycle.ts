// What other features do when an account is created or logs in. Sign-up and login (features/auth) run these steps
// without knowing them; the features that own them register at start-up (app.ts): a job seeker's talent profile is
// made with the account (features/talent), a login cancels a scheduled deletion (features/account).
import type { Executor } from '../../db/repository';

/** An account being created, in the sign-up transaction. */
export interface NewAccount {
  id: string;
  name: string;
  type: 'jobseeker' | 'referrer';
}

/** Runs in the sign-up transaction, after the user row is written: a failure rolls the sign-up back. */
export type AccountCreatedStep = (tx: Executor, account: NewAccount) => Promise<void>;
/** Runs after a login's password is checked, before its session starts: a notice for the person, or null. */
export type LoginStep = (db: Executor, userId: string) => Promise<string | null>;

export class AccountLifecycle {
  private readonly createdSteps: AccountCreatedStep[] = [];
  private readonly loginSteps: LoginStep[] = [];

  onCreated(step: AccountCreatedStep): this {
    this.createdSteps.push(step);
    return this;
  }

  onLogin(step: LoginStep): this {
    this.loginSteps.push(step);
    return this;
  }

  /** Called by sign-up for every account it creates. */
  async created(tx: Executor, account: NewAccount): Promise<void> {
    for (const step of this.createdSteps) await step(tx, account);
  }

  /** Called by login; returns what the person should be told (empty when nothing happened). */
  async loggedIn(db: Executor, userId: string): Promise<string[]> {
    const notices: string[] = [];
    for (const step of this.loginSteps) {
      const notice = await step(db, userId);
      if (notice) notices.push(notice);
    }
    return notices;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The steps features add to sign-up and login (see AccountLifecycle). */
    accounts: AccountLifecycle;
  }
}
