// The browser's side of passkeys (ADR 0040): navigator.credentials through @simplewebauthn/browser, loaded only when a
// passkey is used (the login page's first load stays light), with its refusals in words a person can act on.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_PROMPT_MESSAGES as PASSKEY_MESSAGES } from '@referwell/shared/rules/passkey-prompt-texts';

/** A passkey prompt that did not give an answer: closed, timed out, not supported, or the device already has one. */
export class PasskeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyPromptError';
  }
}

function promptError(error: unknown): PasskeyPromptError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidStateError') return new PasskeyPromptError(PASSKEY_MESSAGES.alreadyRegistered);
  if (name === 'NotSupportedError') return new PasskeyPromptError(PASSKEY_MESSAGES.notSupported);
  return new PasskeyPromptError(PASSKEY_MESSAGES.cancelled);
}

async function browserLib() {
  const lib = await import('@simplewebauthn/browser');
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyPromptError(PASSKEY_MESSAGES.notSupported);
  return lib;
}

/** Asks the device to create a passkey for the options the server gave. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const lib = await browserLib();
  return lib.startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw promptError(error);
  });
}

/** Asks the device for one of its passkeys for this site (discoverable: no account named). */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const lib = await browserLib();
  return lib.startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw promptError(error);
  });
}

/** What to say about a failed passkey step: the prompt's refusal, the server's message, or `fallback`. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  return error instanceof PasskeyPromptError ? error.message : fallback;
}
