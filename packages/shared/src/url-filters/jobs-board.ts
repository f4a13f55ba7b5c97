import { z } from 'zod';
import { companyJobsQuerySchema } from '../schemas/company-jobs';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/**
 * /jobs-board: status (lower case in the address, upper case in the API), the title search and the page. The
 * search is kept as typed (the box writes the address on every key); the page trims it before asking.
 */
export const jobsBoardUrl = urlFilters(
  `/${APP_ROUTES.jobsBoard}`,
  companyJobsQuerySchema.extend({ q: z.string().optional() }),
  { keys: ['status', 'q', 'page'], lowercase: ['status'] },
);
