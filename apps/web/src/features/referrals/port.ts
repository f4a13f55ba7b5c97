/**
 * The referrals feature's port: the only part of features/referrals another feature may import
 * (eslint.config.js). Used by: talent (refer a candidate from Find Candidates), dashboard (a referral's status
 * badge, the Refer someone button; the first sign-in prompt for a referrer's title, team and start date). The app
 * puts JobTeamPanels under the job detail page of the jobs feature.
 */
export { JobTeamPanels } from './job-team-panels';
export { announceReferralStart, ReferralDialog } from './referral-dialog';
export { StatusBadge } from './referral-parts';
export { ReferSomeoneButton } from './refer-someone-button';
export { ReferrerDetailsPrompt } from './referrer-details-prompt';
