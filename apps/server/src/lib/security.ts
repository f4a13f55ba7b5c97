import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** A strict CSP: only our own origin may run scripts or be framed. */
function contentSecurityPolicy(config: Pick<Config, 'secureCookies'>): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Radix and sonner set inline style attributes/elements for positioning; scripts stay strict.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['media-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(config.secureCookies ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
}

/** The security header set (helmet's defaults with our CSP), the same for every response. */
export function securityHeaders(config: Pick<Config, 'secureCookies'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(config.secureCookies ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Sets the security headers on every response: built once at start-up, not per request. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
