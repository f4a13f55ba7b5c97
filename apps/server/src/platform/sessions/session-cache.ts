import type { Db } from '../../db/client';
import type { SessionChange } from '../events/wire';
import { hashToken } from '../../lib/tokens';
import { readSession, type AuthContext } from './sessions';

/** How long a session read is reused: a change made where no notification reaches us is seen after this at most. */
export const SESSION_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  auth: AuthContext | null;
  expiresAt: number;
}

/**
 * Session reads of this server process, kept a few seconds (every signed-in request needs one). Entries are dropped
 * when a session change is published (logout, revocation, password, role or membership: `publishSessionChange`),
 * whichever process made it. A read that was under way when something was dropped is not stored, so a change
 * committed during the read is never cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly reads = new Map<string, Promise<AuthContext | null>>();
  private generation = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  /** The user behind a cookie token (unknown tokens are remembered as null too). */
  resolve(db: Db, token: string): Promise<AuthContext | null> {
    return this.resolveHash(db, hashToken(token));
  }

  /** The user behind a token's hash (an open realtime socket asks again by the hash it was opened with). */
  resolveHash(db: Db, tokenHash: string): Promise<AuthContext | null> {
    const hit = this.entries.get(tokenHash);
    if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.auth);
    const pending = this.reads.get(tokenHash);
    if (pending) return pending;
    const generation = this.generation;
    const read = readSession(db, tokenHash)
      .then((auth) => {
        if (generation === this.generation) this.store(tokenHash, auth);
        return auth;
      })
      .finally(() => {
        if (this.reads.get(tokenHash) === read) this.reads.delete(tokenHash);
      });
    this.reads.set(tokenHash, read);
    return read;
  }

  /** Drops the entries a session change touches. */
  forget(change: SessionChange): void {
    this.generation++;
    this.reads.clear(); // reads under way may predate the change: later callers start their own
    if (change.all) return this.entries.clear();
    const tokens = new Set(change.tokens);
    const users = new Set(change.users);
    const companies = new Set(change.companies);
    for (const [tokenHash, { auth }] of this.entries) {
      if (
        tokens.has(tokenHash) ||
        (auth && (users.has(auth.user.id) || (auth.company !== null && companies.has(auth.company.id))))
      )
        this.entries.delete(tokenHash);
    }
  }

  private store(tokenHash: string, auth: AuthContext | null) {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { auth, expiresAt: Date.now() + this.ttlMs });
  }
}
