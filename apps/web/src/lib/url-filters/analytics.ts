import { analyticsQuerySchema } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { urlFilters } from './codec';

/** /company-dashboard/analytics: the period (or a custom range), a job and a department. */
export const analyticsUrl = urlFilters(`/${APP_ROUTES.analytics}`, analyticsQuerySchema, {
  keys: ['period', 'from', 'to', 'jobId', 'department'],
});
