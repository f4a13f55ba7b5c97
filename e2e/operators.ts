/** The browser tests' one platform admin (PLATFORM_ADMIN_EMAILS of the server they start): screening.spec.ts's operator. */
export const LEIE_OPERATOR_EMAIL = 'leie.operator@example.com';
/** The platform admin of company-claim.spec.ts, who approves a claim whose e-mail domain is not the company's. */
export const CLAIM_OPERATOR_EMAIL = 'claims.operator@example.com';
