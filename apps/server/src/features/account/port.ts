// The account feature's port: what other features may use of it, and no more.
// - retention: a retention period's end erases through the account-deletion path: the whole account (eraseAccount,
//   a job seeker profile or a candidate someone referred by their details), or what one company holds of a
//   candidate (anonymiseCandidateForCompany), referral and bonus history kept without the person.
export { anonymiseCandidateForCompany, eraseAccount } from './deletion';
