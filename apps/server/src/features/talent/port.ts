// The talent feature's port: what other features may use of it, and no more.
// - referrals (create, tracking): whether a company user may see a job seeker (isTalentVisibleTo).
// - messaging (rules): which job seekers a company user may write to first (discoverableJobSeekerSql).
export { discoverableJobSeekerSql, isTalentVisibleTo } from './discoverable';
