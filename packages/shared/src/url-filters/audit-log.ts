import { auditLogQuerySchema } from '../schemas/audit';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /company-dashboard/audit-log: action, person (`actor`), days and the page. */
export const auditLogUrl = urlFilters(`/${APP_ROUTES.auditLog}`, auditLogQuerySchema, {
  keys: ['action', 'actorId', 'from', 'to', 'page'],
  names: { actorId: 'actor' },
});
