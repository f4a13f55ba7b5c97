import { jobSearchFiltersSchema } from '../schemas/job-search';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /search-jobs: the same parameters as GET /api/jobs and the links of saved searches and their e-mail alerts. */
export const jobSearchUrl = urlFilters(`/${APP_ROUTES.searchJobs}`, jobSearchFiltersSchema, {
  keys: [
    'q',
    'type',
    'workplace',
    'skills',
    'hasReferrer',
    'company',
    'companyId',
    'minSalary',
    'postedWithin',
    'sort',
  ],
  lists: 'comma',
});
