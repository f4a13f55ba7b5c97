import { analyticsQuerySchema } from '../schemas/analytics';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /company-dashboard/analytics: the period (or a custom range), a job and a department. */
export const analyticsUrl = urlFilters(`/${APP_ROUTES.analytics}`, analyticsQuerySchema, {
  keys: ['period', 'from', 'to', 'jobId', 'department'],
});
