import { isIPv6, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** How often one address's refusals are logged at most (a flood would otherwise write a line per socket). */
const LOG_EVERY_MS = 60_000;

/**
 * Who a connection counts against: the IPv4 address (also when written IPv4-mapped), or the /64 network of an IPv6
 * address, which one customer usually holds whole (counting per /128 would let them open a socket per address).
 */
export function connectionOwner(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Caps the TCP connections one client address may hold open at once: past `max`, a new socket is closed as soon as
 * it is accepted, before it costs a request parser or a timeout. A flood of slow connections from one address
 * (headers trickled byte by byte, each held until the header timeout) then holds at most `max` file descriptors, and
 * other addresses are still served. The address is the TCP peer: behind a reverse proxy that is the proxy, so the cap
 * is off there by default and per-client limits belong in the proxy (README, "Connections").
 */
export function limitConnectionsPerAddress(server: Server, max: number, log: FastifyBaseLogger): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const lastLogged = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const owner = connectionOwner(socket.remoteAddress ?? '');
    const count = open.get(owner) ?? 0;
    if (count >= max) {
      socket.destroy();
      const now = Date.now();
      if (now - (lastLogged.get(owner) ?? 0) >= LOG_EVERY_MS) {
        lastLogged.set(owner, now);
        log.warn({ address: owner, open: count, max }, 'connection refused: too many open from one address');
      }
      return;
    }
    open.set(owner, count + 1);
    socket.once('close', () => {
      const left = (open.get(owner) ?? 1) - 1;
      if (left > 0) open.set(owner, left);
      else {
        open.delete(owner);
        lastLogged.delete(owner);
      }
    });
  });
}
