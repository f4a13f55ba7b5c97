import { usePageTitle } from '@/lib/use-page-title';
import { EmailAddressCard, PasswordCard } from './account-cards';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';

export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <EmailPreferencesCard />
      <EmailAddressCard />
      <PasswordCard />
      <TwoFactorCard />
      <PasskeysCard />
      <DataExportCard />
      <DeleteAccountCard />
    </div>
  );
}
