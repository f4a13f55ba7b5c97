// The bonuses feature's port: what other features may use of it, and no more.
// - referrals: a referral takes its bonus from the company's policy (bonusPolicyOf); an admin marking one referral's
//   bonus paid records the payout like the bulk action does (recordBonusPaid, todayUtc).
export { recordBonusPaid, todayUtc } from './payouts';
export { bonusPolicyOf } from './policy';
