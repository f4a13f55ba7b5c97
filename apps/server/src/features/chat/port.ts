// The chat feature's port (Slack and Teams): what other features may use of it, and no more.
// - jobs: a job that opens (posted open or published) is announced to the company's channels in the same
//   transaction (announceOpenedJob).
export { announceOpenedJob } from './announce';
