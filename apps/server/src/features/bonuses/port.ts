// The bonuses feature's port: what other features may use of it, and no more.
// - referrals: a referral takes its bonus from the company's policy (bonusPolicyOf); an admin marking one referral's
//   bonus paid records the payout like the bulk action does (recordBonusPaid, todayUtc); a referrer reads what a
//   request's job pays before answering it (bonusOffersFor).
// - jobs: the jobs board and the roles to refer show what a referral for each job pays (bonusOffersFor).
export { bonusOffersFor, type JobBonusTerms } from './offers';
export { recordBonusPaid, todayUtc } from './payouts';
export { bonusPolicyOf } from './policy';
