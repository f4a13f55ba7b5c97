// The words of passkeys (WebAuthn, issue 34; ADR 0040), without zod. The login page and the browser prompt need only
// PASSKEY_PROMPT_MESSAGES (passkey-prompt-texts.ts): its first load stays light (bench/bundle-budget.ts).
import { PASSKEY_PROMPT_MESSAGES } from './passkey-prompt-texts';

/** How long a passkey prompt (registration or sign-in) waits for the authenticator, and its challenge lives. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** The longest name a passkey can be given. */
export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT = 20;

export const PASSKEY_MESSAGES = {
  ...PASSKEY_PROMPT_MESSAGES,
  title: 'Passkeys',
  description:
    'Sign in with your fingerprint, face or device PIN instead of a password. A passkey counts as both factors, so ' +
    'signing in with one skips the authenticator-app code.',
  add: 'Add a passkey',
  adding: 'Waiting for your device…',
  nameLabel: 'Name',
  nameHint: 'So you can tell your passkeys apart, e.g. “Work laptop”.',
  defaultName: 'Passkey',
  nameRequired: 'Please enter a name',
  nameTooLong: `Please use at most ${PASSKEY_NAME_MAX} characters`,
  codeLabel: 'Code from your authenticator app',
  codeHint: 'Two-factor authentication is on: changing your passkeys needs a code (or a recovery code).',
  empty: 'No passkeys yet',
  emptyDescription: 'Add one to sign in without typing your password.',
  loadError: 'Your passkeys could not be loaded.',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeTitle: 'Remove this passkey?',
  removeDescription: 'You will no longer be able to sign in with it. Remove it from your device’s settings as well.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  tooMany: `You can have at most ${PASSKEYS_PER_ACCOUNT} passkeys. Remove one first.`,
  /** Removing an admin's last passkey while the company requires two-factor and no authenticator app is on. */
  lastRequired:
    'Your company requires two-factor authentication for admins and this is your only second factor. Set up an authenticator app or add another passkey first.',
  codeNeeded: 'Two-factor authentication is on: please enter a code from your authenticator app.',
  notFound: 'That passkey was not found.',
  challengeExpired: 'The passkey prompt timed out. Please try again.',
  registrationFailed: 'Your device’s answer could not be verified. Please try again.',
  unknownPasskey: 'This passkey is not registered with Referwell. Sign in with your password and add it again.',
  throttled: 'Too many passkey sign-ins. Please wait and try again.',
} as const;
