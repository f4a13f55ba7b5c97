/**
 * The saved-searches feature's port: the only part of features/saved-searches another feature may import
 * (eslint.config.js). Used by: jobs (Save search on job search), dashboard (the job seeker's saved searches card).
 */
export { SaveSearchButton } from './save-search-dialog';
export { SavedSearchesCard } from './saved-searches-card';
