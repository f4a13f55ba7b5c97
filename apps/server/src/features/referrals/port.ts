// The referrals feature's port: what other features may use of it, and no more.
// - jobs (apply): an application opens or joins the candidate's pipeline on the job (openPipeline), and one that
//   came through a member's shared link is referred by them (sharedLinkCode, attributeSharedLink); the candidate's
//   referral on the job then counts as applied in the funnel (refreshFunnelLevel); applying and a job closing close
//   the requests that no longer matter (closeRequestsFor).
// - jobs (the job page, later search cards): where the viewer stands on jobs (viewerStatus, viewerStatuses).
// - public-pages (job page): a visitor who arrives through a shared link is remembered (rememberSharedLink).
// - messaging: a conversation about a referral is open to whoever may read the referral (canReadReferral).
// - ats: a stage change or hire in the company's applicant-tracking system moves the pipeline through the same state
//   machine as Talent Tracking (lockPipeline, lockLiveReferral, moveStage).
// - chat (Slack): a referrer answers a request from its Slack message (acceptReferralRequest, declineReferralRequest)
//   and refers someone from `/refer` (createExternalReferral, under the web's limit externalReferralLimit), through
//   the same services as the web.
// - dashboard: the job seeker's requests, the referrer's referrals and figures (listReferralRequests,
//   listReferrals, referralTotals).
export { canReadReferral } from './access';
export { lockLiveReferral, lockPipeline, moveStage, openPipeline } from './pipeline';
export { listReferrals, referralTotals } from './read';
export { refreshFunnelLevel } from './rollups';
export { acceptReferralRequest, declineReferralRequest, listReferralRequests } from './requests';
export { createExternalReferral, externalReferralLimit } from './external';
export { attributeSharedLink, rememberSharedLink, sharedLinkCode } from './shared-links';
export { closeRequestsFor } from './request-closing';
export { viewerStatus, viewerStatuses, type ViewedJob } from './viewer-status';
