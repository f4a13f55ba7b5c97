// The words of two-factor authentication (ADR 0035), without zod: the second login step's page stays light.

/** Recovery codes made at once (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second login step waits for its code after the password was accepted. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Please enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Check your authenticator app and try again.',
  challengeExpired: 'Your login timed out. Please enter your email and password again.',
  setupFirst: 'Set up two-factor authentication first.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  requiredByCompany: 'Your company requires two-factor authentication for admins, so it cannot be turned off.',
  setupRequired:
    'Your company requires two-factor authentication for admins. Set up an authenticator app or add a passkey to continue.',
  throttled: 'Too many codes tried. Please wait and try again.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  codesRegenerated: 'New recovery codes made. The old ones no longer work.',
  policySaved: 'Security settings saved.',
  loginTitle: 'Enter your code',
  /** The security page: single sign-on and our second step (ADR 0036). */
  ssoSkipsCode:
    'People who sign in through your identity provider are not asked for a Referwell code: its sign-in, and its own multi-factor policy, vouch for them. Their two-factor still guards any sign-in with a password, for example while single sign-on is paused.',
  loginDescription: 'Open your authenticator app and enter the 6-digit code for Referwell, or use a recovery code.',
} as const;
