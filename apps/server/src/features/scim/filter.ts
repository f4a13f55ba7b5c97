// The SCIM filters identity providers send (RFC 7644 §3.4.2.2): `attribute eq "value"`, which is what Okta
// (`userName eq "…"`) and Microsoft Entra (`userName eq "…"`, `displayName eq "…"`, `externalId eq "…"`) use to match
// before they create. Anything else is refused 400 invalidFilter rather than guessed at.
import { scimError } from './errors';

export interface ScimFilter {
  /** Lower case, without a schema URN prefix: `username`, `externalid`, `displayname`, `id`. */
  attribute: string;
  value: string;
}

const FILTER = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;
const URN_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(?:User|Group):/i;

export function parseFilter(filter: string): ScimFilter {
  const match = FILTER.exec(filter);
  if (!match)
    throw scimError(400, `The filter is not supported or not well formed: ${filter.slice(0, 200)}`, 'invalidFilter');
  let value: unknown;
  try {
    value = JSON.parse(match[2]!);
  } catch {
    throw scimError(400, 'The filter’s value is not a valid string.', 'invalidFilter');
  }
  return { attribute: match[1]!.replace(URN_PREFIX, '').toLowerCase(), value: String(value) };
}
