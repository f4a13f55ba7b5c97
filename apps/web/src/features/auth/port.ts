/**
 * The auth feature's port: the only part of features/auth another feature may import (eslint.config.js).
 * Who is logged in is not here but in lib/session.ts, below every feature. Used by: settings (change password),
 * referrals (a referred person chooses their password from the invitation page).
 */
export { useChangePassword } from './api';
export { NewPasswordField } from './new-password-field';
// companies (the security page): the single sign-on settings beside two-factor and SCIM.
export { SingleSignOnSettings } from './single-sign-on-settings';
