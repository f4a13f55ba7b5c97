import net from 'node:net';

export interface DatabaseRelay {
  /** The database URL rewritten to go through the relay. */
  url: string;
  /** Drops every connection and refuses new ones, like the database host going away. */
  cut(): void;
  /** Drops every connection and holds new ones open without answering, like a database host that stalls. */
  hold(): void;
  /** Connections held by hold() and still open. */
  readonly held: number;
  /** Lets connections through again (held ones too), like the database coming back. */
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of PostgreSQL that a test can pull out and put back. */
export async function relayDatabase(databaseUrl: string): Promise<DatabaseRelay> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let mode: 'up' | 'down' | 'hold' = 'up';
  const pass = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  };
  const server = net.createServer((client) => {
    if (mode === 'down') {
      client.destroy();
      return;
    }
    if (mode === 'hold') {
      held.add(client);
      client.on('error', () => {});
      client.on('close', () => held.delete(client));
      return;
    }
    pass(client);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.searchParams.delete('host'); // the embedded cluster's Unix socket would go around the relay
  return {
    url: url.toString(),
    cut: () => {
      mode = 'down';
      for (const s of sockets) s.destroy();
    },
    hold: () => {
      mode = 'hold';
      for (const s of sockets) s.destroy();
    },
    get held() {
      return held.size;
    },
    restore: () => {
      mode = 'up';
      for (const client of held) pass(client);
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...sockets, ...held]) s.destroy();
        server.close(() => resolve());
      }),
  };
}
