// The jobs feature's port: what other features may use of it, and no more.
// - saved-searches: a saved search's matches are a job search's (matchingJobs, rowConditions).
// - public-pages (job page): the public job page shows the job as the API does (getJob).
// - public-pages (feeds): the XML feed states a job's pay as the API does (payOfRow; payOf in its tests).
// - public-pages (search page): /search-jobs carries the first page of results for its query (searchJobsJson).
// - portal: a company's careers portal lists and searches its open jobs (searchJobsJson) and shows each (getJob).
// - job-import: importing or crawling for jobs is for the people who post them (POSTERS, the routes' access); a job
//   source's crawl keeps its jobs in step through the jobs' own writes (syncSourceJobs).
// - dashboard, mail: the referrer dashboard's card and the weekly e-mail list the company's roles to refer with what a
//   referral pays (rolesToRefer).
// - ats: an ATS's open jobs imported as the company's jobs and kept in sync with it, under the same pay-transparency
//   rules as a posted import (insertImportedJob, syncImportedJob, closeImportedJob, reopenImportedJob when the ATS
//   lists a job it closed open again; forgetJobSearches after).
// - companies: saving the states a company employs people in tells the admin how many open jobs a pay-transparency
//   law now covers without a range (openJobsBreakingPayRules).
export { rolesToRefer } from './roles-to-refer';
export { forgetJobSearches, matchPlans, matchingJobs, rowConditions, searchJobsJson } from './search';
export {
  closeImportedJob,
  getJob,
  insertImportedJob,
  POSTERS,
  reopenImportedJob,
  syncImportedJob,
  syncSourceJobs,
  type SourceSync,
} from './service';
export { openJobsBreakingPayRules, payOf, payOfRow } from './pay-transparency';
