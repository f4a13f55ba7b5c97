import { creditLedgerQuerySchema } from '../schemas/referral-credit';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /referral-credit: whose part of the credit ledger (a company admin may read the whole company's) and the page. */
export const referralCreditUrl = urlFilters(`/${APP_ROUTES.referralCredit}`, creditLedgerQuerySchema, {
  keys: ['scope', 'page'],
});
