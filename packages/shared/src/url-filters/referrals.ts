import { referralListQuerySchema } from '../schemas/referrals';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /referrer-dashboard/referrals: whose referrals (admins may see the whole company's) and which status. */
export const referralsUrl = urlFilters(`/${APP_ROUTES.referrals}`, referralListQuerySchema, {
  keys: ['scope', 'status'],
});
