import { referSomeonePrefillSchema } from '../schemas/connections';
import { APP_ROUTES } from '../routes';
import { urlFilters } from './codec';

/**
 * "Who you know" → Refer: Find Candidates ranked for the job and searched for the person by name, with their name,
 * e-mail and LinkedIn address for the refer-someone form (`refer=someone`). The same address parses as a
 * candidate search (candidate-search.ts), which reads `q` and `jobId` of it.
 */
export const referSomeoneUrl = urlFilters(`/${APP_ROUTES.searchCandidates}`, referSomeonePrefillSchema, {
  keys: ['refer', 'jobId', 'q', 'name', 'email', 'linkedinUrl'],
});
