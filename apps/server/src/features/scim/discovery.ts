// The discovery documents of RFC 7644 §4 (ServiceProviderConfig, ResourceTypes, Schemas), saying what this service
// does: filtering by `eq`, PATCH, no bulk, sort, ETags or password changes; bearer-token authentication.
import { SCIM_SCHEMAS } from '@referwell/shared';

const list = (resources: unknown[]) => ({
  schemas: [SCIM_SCHEMAS.listResponse],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: [SCIM_SCHEMAS.serviceProviderConfig],
  documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'The token a company admin makes at /company-dashboard/security, in the Authorization header.',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

const resourceType = (baseUrl: string, name: 'User' | 'Group') => ({
  schemas: [SCIM_SCHEMAS.resourceType],
  id: name,
  name,
  endpoint: `/${name}s`,
  schema: name === 'User' ? SCIM_SCHEMAS.user : SCIM_SCHEMAS.group,
  meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
});

export const resourceTypes = (baseUrl: string) => list([resourceType(baseUrl, 'User'), resourceType(baseUrl, 'Group')]);

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export const schemas = (baseUrl: string) =>
  list([
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.user,
      name: 'User',
      description: 'A person of the company (userName is their e-mail address)',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('name', 'complex', {
          subAttributes: [
            attribute('givenName', 'string'),
            attribute('familyName', 'string'),
            attribute('formatted', 'string'),
          ],
        }),
        attribute('displayName', 'string'),
        attribute('active', 'boolean'),
        attribute('emails', 'complex', { multiValued: true, mutability: 'readOnly' }),
        attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.user}` },
    },
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.group,
      name: 'Group',
      description: 'A group of the identity provider; members of the admin group are the company’s admins',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('members', 'complex', { multiValued: true }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM_SCHEMAS.group}` },
    },
  ]);
