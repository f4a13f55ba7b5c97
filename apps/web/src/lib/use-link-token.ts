import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A mailed link's page (confirm an e-mail, verify a domain, confirm a claim): reads the link's `?token=` and sends it
 * to `send` once, when the page opens; the token is the proof, so nothing waits for a click. Returns the token ('' for
 * a link without one, which the page shows as not valid).
 */
export function useSendLinkToken(send: (token: string) => void): string {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    send(token);
  }, [token, send]);
  return token;
}
