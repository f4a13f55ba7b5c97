import pg from 'pg';

export interface ClosablePool {
  pool: pg.Pool;
  /** Ends the pool and resolves once every connection's socket is closed. */
  close(): Promise<void>;
}

/**
 * A pg pool whose close waits for its connections: `pool.end()` resolves as soon as the clients
 * are told to end, before their sockets close, so a database dropped (WITH FORCE) right after it
 * would cut connections that are still closing.
 */
export function openClosablePool(config: pg.PoolConfig): ClosablePool {
  const pool = new pg.Pool(config);
  let open = 0;
  let allClosed: (() => void) | undefined;
  pool.on('connect', () => {
    open += 1;
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) allClosed?.();
  });
  return {
    pool,
    close: async () => {
      const closed = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      await closed;
    },
  };
}
