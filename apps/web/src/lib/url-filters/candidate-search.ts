import { candidateSearchQuerySchema, FILTER_CATEGORIES } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { urlFilters } from './codec';

/** /search-candidates: the same parameters as GET /api/talent/search (`jobTitle` is the older name of `q`). */
export const candidateSearchUrl = urlFilters(`/${APP_ROUTES.searchCandidates}`, candidateSearchQuerySchema, {
  keys: ['q', 'location', 'distance', 'unit', 'jobId', ...FILTER_CATEGORIES, 'page', 'pageSize'],
  lists: 'repeat',
  aliases: { jobTitle: 'q' },
});
