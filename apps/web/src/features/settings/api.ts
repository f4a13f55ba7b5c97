import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletionRequest,
  AccountDeletionStatus,
  ChangeEmail,
  DataExportStatus,
  EmailPreferences,
  EmailStatus,
  MessageResponse,
  Passkey,
  PasskeyChangeRequest,
  PasskeyList,
  RecoveryCodes,
  TwoFactorCodeRequest,
  TwoFactorSetup,
  TwoFactorStatus,
  UpdateEmailPreferences,
} from '@referwell/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api';
import { createPasskey } from '@/lib/passkeys';
import { clearSession, ownSessionEnd, sessionQueryOptions } from '@/lib/session';

export const settingsKeys = {
  email: ['account', 'email'] as const,
  preferences: ['account', 'email-preferences'] as const,
  dataExport: ['account', 'data-export'] as const,
  twoFactor: ['account', 'two-factor'] as const,
  passkeys: ['account', 'passkeys'] as const,
};

/** Whether my second factor is on, and whether my company requires it. */
export const twoFactorQueryOptions = queryOptions({
  queryKey: settingsKeys.twoFactor,
  queryFn: ({ signal }) => api<TwoFactorStatus>('/api/account/two-factor', { signal }),
});

/** A new authenticator-app secret (QR code), on once its first code is confirmed. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => api<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' }),
  });
}

/**
 * The two-factor actions that take a code: each refreshes the status, and the session (an admin whose company
 * requires two-factor is let through once it is on).
 */
function useTwoFactorAction<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorCodeRequest) => api<T>(`/api/account/two-factor/${path}`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor });
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}

export const useEnableTwoFactor = () => useTwoFactorAction<RecoveryCodes>('enable');
export const useDisableTwoFactor = () => useTwoFactorAction<MessageResponse>('disable');
export const useRegenerateRecoveryCodes = () => useTwoFactorAction<RecoveryCodes>('recovery-codes');

/** My latest data export; polled while it is being prepared. */
export const dataExportQueryOptions = queryOptions({
  queryKey: settingsKeys.dataExport,
  queryFn: ({ signal }) => api<DataExportStatus>('/api/account/data-export', { signal }),
  refetchInterval: (query) => (query.state.data?.state === 'preparing' ? 3000 : false),
});

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DataExportStatus>('/api/account/data-export', { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.dataExport, data),
  });
}

export const emailStatusQueryOptions = queryOptions({
  queryKey: settingsKeys.email,
  queryFn: ({ signal }) => api<EmailStatus>('/api/account/email', { signal }),
});

export const emailPreferencesQueryOptions = queryOptions({
  queryKey: settingsKeys.preferences,
  queryFn: ({ signal }) => api<EmailPreferences>('/api/account/email-preferences', { signal }),
});

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmailPreferences) =>
      api<EmailPreferences>('/api/account/email-preferences', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.preferences, data),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmail) => api<MessageResponse>('/api/account/email', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settingsKeys.email }),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: () => api<MessageResponse>('/api/account/email/resend', { method: 'POST' }),
  });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<MessageResponse>('/api/account/email/confirm', { method: 'POST', body: { token } }),
    // The address may have changed: the session's user and the settings page read it.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/** Schedules the account's deletion; the server ends every session, so the browser forgets it too. */
export function useDeleteAccount({ leave }: { leave: (status: AccountDeletionStatus) => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccountDeletionRequest) => {
      // The session ends as the server answers: the protected page must not send the user to the login form.
      ownSessionEnd.start();
      try {
        return await api<AccountDeletionStatus>('/api/account/deletion', { method: 'POST', body });
      } catch (error) {
        ownSessionEnd.done();
        throw error;
      }
    },
    // Leave the protected page first, or it would send the now logged-out user to the login form.
    onSuccess: async (status) => {
      try {
        await leave(status);
        clearSession(queryClient);
      } finally {
        ownSessionEnd.done();
      }
    },
  });
}

/** My passkeys (never key material), and whether changing them asks for a two-factor code. */
export const passkeysQueryOptions = queryOptions({
  queryKey: settingsKeys.passkeys,
  queryFn: ({ signal }) => api<PasskeyList>('/api/account/passkeys', { signal }),
});

/**
 * A passkey change refreshes the list, the two-factor status and the session: a passkey is a second factor where the
 * company requires one of its admins (ADR 0040).
 */
function usePasskeyMutation<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor });
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}

/** Adds a passkey: the server's options, the device's prompt, the server's check of its answer. */
export const useAddPasskey = () =>
  usePasskeyMutation(async ({ name, code }: { name: string } & PasskeyChangeRequest) => {
    const options = await api<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options', {
      method: 'POST',
      body: code ? { code } : {},
    });
    const response = await createPasskey(options);
    return api<Passkey>('/api/account/passkeys', { method: 'POST', body: { name, response } });
  });

export const useRenamePasskey = () =>
  usePasskeyMutation(({ id, name }: { id: string; name: string }) =>
    api<Passkey>(`/api/account/passkeys/${id}`, { method: 'PATCH', body: { name } }),
  );

export const useRemovePasskey = () =>
  usePasskeyMutation(({ id, code }: { id: string } & PasskeyChangeRequest) =>
    api<null>(`/api/account/passkeys/${id}/remove`, { method: 'POST', body: code ? { code } : {} }),
  );
