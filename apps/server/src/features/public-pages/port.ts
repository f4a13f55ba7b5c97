// The public pages' port: what other features may use of them, and no more.
// - portal: a company's careers portal shows its jobs as the public job page does, with the same structured data
//   (jobPosting) and the same rule for closed jobs (jobPageState, from facts read with jobPageFacts).
export { jobPageFacts, jobPageState, type JobPageFacts } from './job-page';
export { jobPosting } from './job-posting';
