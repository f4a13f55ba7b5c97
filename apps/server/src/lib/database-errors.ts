/**
 * What a database error means for the client. Constraint and data errors are the request's fault
 * (a 4xx, never a 500); a lost or refused connection is ours and passes (503 with Retry-After).
 */
export type DatabaseErrorKind = 'unavailable' | { status: number; code: string; message: string } | null;

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** The errors of a `cause` chain (drizzle wraps the driver's error), each with its code if it has one. */
function codesOf(error: unknown): { code?: string; message: string }[] {
  const chain: { code?: string; message: string }[] = [];
  for (let e: unknown = error; typeof e === 'object' && e !== null && chain.length < 5;) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    chain.push({ ...(typeof code === 'string' ? { code } : {}), message: typeof message === 'string' ? message : '' });
    e = cause;
  }
  return chain;
}

export function classifyDatabaseError(error: unknown): DatabaseErrorKind {
  for (const { code, message } of codesOf(error)) {
    if (code && CONNECTION_ERRNOS.has(code)) return 'unavailable';
    // 08: connection exception; 57P01-03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections.
    if (code && (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300')) return 'unavailable';
    if (!code && CONNECTION_MESSAGES.some((m) => message.includes(m))) return 'unavailable';
    if (code === '23503')
      return { status: 409, code: 'CONFLICT', message: 'This refers to something that does not exist (any more).' };
    if (code === '23505') return { status: 409, code: 'CONFLICT', message: 'This already exists.' };
    if (code === '23514' || code === '23502')
      return { status: 400, code: 'BAD_REQUEST', message: 'A value in the request is not allowed.' };
    // 22: data exception (bad date, number out of range, text too long, invalid encoding, ...).
    if (code?.startsWith('22') && code.length === 5)
      return { status: 400, code: 'BAD_REQUEST', message: 'A value in the request is not valid.' };
  }
  return null;
}
