import { referSomeonePrefillSchema } from '@referwell/shared';
import { APP_ROUTES } from '@referwell/shared/routes';
import { urlFilters } from './codec';

/**
 * Refer someone who is not on Referwell, filled in from a link ("Who you know" → Refer): the job and the person's
 * name, e-mail and LinkedIn address, on Find Candidates with `refer=someone`, where the refer-someone dialog reads
 * them. Find Candidates also ranks its candidates for `jobId`, so the link is useful before the dialog opens.
 */
export const referSomeoneUrl = urlFilters(`/${APP_ROUTES.searchCandidates}`, referSomeonePrefillSchema, {
  keys: ['refer', 'jobId', 'name', 'email', 'linkedinUrl'],
});
