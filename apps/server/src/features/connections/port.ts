// The connections feature's port: what other features may use of it, and no more.
// - referrals: a company's referrers list marks and puts first the ones the job seeker knows (knownReferrerIds).
export { knownReferrerIds } from './service';
