import { candidateSearchQuerySchema, FILTER_CATEGORIES } from '../schemas/candidate-search';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/** /search-candidates: the same parameters as GET /api/talent/search (`jobTitle` is the older name of `q`). */
export const candidateSearchUrl = urlFilters(`/${APP_ROUTES.searchCandidates}`, candidateSearchQuerySchema, {
  keys: ['q', 'jobId', ...FILTER_CATEGORIES, 'page', 'pageSize'],
  lists: 'repeat',
  aliases: { jobTitle: 'q' },
});
