// The talent feature's port: what other features may use of it, and no more.
// - referrals (create, tracking): whether a company user may see a job seeker (isTalentVisibleTo).
// - referrals (referring a person by their details): the résumé a referrer uploads, read and parsed the way a job
//   seeker's is (readResumeUpload, RESUME_MULTIPART_LIMITS, newResumeKey), and the profile and résumé of the
//   candidate the referral makes (completeReferredProfile, keepReferredResume, setProfileDiscoverable on claiming).
// - messaging (rules): which job seekers a company user may write to first (discoverableJobSeekerSql).
export { discoverableJobSeekerSql, isTalentVisibleTo } from './discoverable';
export { completeReferredProfile, keepReferredResume, setProfileDiscoverable, type ReferredResume } from './referred';
export { newResumeKey, readResumeUpload, RESUME_MULTIPART_LIMITS } from './resume-upload';
