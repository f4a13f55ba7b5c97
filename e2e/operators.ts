/** The browser tests' one platform admin (PLATFORM_ADMIN_EMAILS of the server they start): screening.spec.ts's operator. */
export const LEIE_OPERATOR_EMAIL = 'leie.operator@example.com';
