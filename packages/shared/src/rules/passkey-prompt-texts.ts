// What the login page and the browser's passkey prompt say (ADR 0040): kept apart so /login loads only these.
export const PASSKEY_PROMPT_MESSAGES = {
  notSupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey prompt was closed or timed out. Please try again.',
  alreadyRegistered: 'This device already holds a passkey for your account.',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  signInFailed: 'That passkey could not be verified. Please try again or sign in with your password.',
} as const;
