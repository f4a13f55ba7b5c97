// The companies feature's port: what other features may use of it, and no more.
// - auth (sign-up): a company admin's sign-up creates the company; a referrer joins one by its invite code or an
//   invitation (createCompany, findCompanyByInviteCode, addMember).
// - scim: provisioning a person adds them to the company (addMember).
// - job-import: a platform admin lists a company not on Referwell from its job board (createCompany).
// - public-pages: the public company page shows the company and its open positions (getPublicCompany).
export { addMember, createCompany, findCompanyByInviteCode, getPublicCompany } from './service';
