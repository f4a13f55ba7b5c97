import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string;
  raw: string;
}

/** A free TCP port on loopback (nothing listens on it until the caller starts something). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real SMTP server on loopback for tests. A message counts as received when the server answers
 * 250 to its DATA; a client that dies before that answer (mid-send) delivers nothing.
 */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private readonly closed = new Set<string>();
  private readonly open = new Set<string>();

  /** Called once a message's data is in; a returned promise holds the server's answer until it settles. */
  holdData: (() => Promise<void> | undefined) | undefined;
  /** Called at RCPT TO (with the address), before any data: a returned promise holds the server's answer. */
  holdRecipient: ((to: string) => Promise<void> | undefined) | undefined;
  /**
   * Called once a message is accepted (already counted in `received`, as a server that commits a message to its
   * queue before it answers): a returned promise holds the "250 accepted" the client is waiting for.
   */
  holdAcceptance: ((to: string) => Promise<void> | undefined) | undefined;

  constructor(readonly port: number) {}

  /** Client connections the server still considers open. */
  get openConnections() {
    return this.open.size;
  }

  get listening() {
    return this.server !== null;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (session, callback) => {
        this.open.add(session.id);
        callback();
      },
      onClose: (session) => {
        this.open.delete(session.id);
        this.closed.add(session.id);
      },
      onRcptTo: async (address, _session, callback) => {
        await this.holdRecipient?.(address.address);
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          await this.holdData?.();
          // The client hung up before hearing "250 accepted": like a careful server, keep nothing.
          if (this.closed.has(session.id)) return callback(new Error('client went away'));
          const raw = Buffer.concat(chunks).toString('utf8');
          const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          this.received.push({ messageId, to, raw });
          await this.holdAcceptance?.(to);
          callback();
        });
      },
    });
    return new Promise((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** Message-IDs received more than once. */
  duplicates(): string[] {
    const seen = new Map<string, number>();
    for (const mail of this.received) seen.set(mail.messageId, (seen.get(mail.messageId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  }
}
