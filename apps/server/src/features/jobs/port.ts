// The jobs feature's port: what other features may use of it, and no more.
// - saved-searches: a saved search's matches are a job search's (matchingJobs, filterConditions).
// - public-pages (job page): the public job page shows the job as the API does (getJob).
export { filterConditions, matchPlans, matchingJobs } from './search';
export { getJob } from './service';
