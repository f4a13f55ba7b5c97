import { useQuery } from '@tanstack/react-query';
import { scopedToast } from '@/lib/toast';
import {
  COMPANY_MEMBER_EMAIL_CATEGORIES,
  defaultEmailFrequency,
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_INFO,
  emailFrequenciesFor,
  EMAIL_FREQUENCY_LABELS,
  MAIL_MESSAGES,
  type EmailCategory,
  type EmailFrequency,
} from '@referwell/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { emailPreferencesQueryOptions, useSaveEmailPreferences } from './api';

const toast = scopedToast('email-preferences-card');

/**
 * One choice per category (instant, daily or weekly digest, off; the roles to refer weekly or off, for company
 * members only); each change saves at once.
 */
export function EmailPreferencesCard() {
  const preferences = useQuery(emailPreferencesQueryOptions);
  const save = useSaveEmailPreferences();
  const { company } = useSession();
  const categories = EMAIL_CATEGORIES.filter(
    (category) => !!company || !COMPANY_MEMBER_EMAIL_CATEGORIES.includes(category),
  );

  const choose = (category: EmailCategory, frequency: EmailFrequency) =>
    save.mutate(
      { preferences: { [category]: frequency } },
      {
        onSuccess: () => toast.success(MAIL_MESSAGES.preferencesSaved),
        onError: (error) => toast.error(errorMessage(error, 'Could not save your choice.')),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">E-mail notifications</CardTitle>
        <CardDescription>
          Everything stays in the app. Choose what also reaches your inbox, and how often.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {preferences.isPending
          ? categories.map((category) => <Skeleton key={category} className="h-14 w-full" />)
          : categories.map((category) => {
              const id = `email-pref-${category}`;
              const value = preferences.data?.preferences[category] ?? defaultEmailFrequency(category);
              return (
                <div key={category} className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-center">
                  <div className="grid gap-1">
                    <Label htmlFor={id}>{EMAIL_CATEGORY_INFO[category].label}</Label>
                    <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                      {EMAIL_CATEGORY_INFO[category].description}
                    </p>
                  </div>
                  <Select value={value} onValueChange={(next) => choose(category, next as EmailFrequency)}>
                    <SelectTrigger id={id} aria-describedby={`${id}-hint`} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {emailFrequenciesFor(category).map((frequency) => (
                        <SelectItem key={frequency} value={frequency}>
                          {EMAIL_FREQUENCY_LABELS[frequency]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              );
            })}
      </CardContent>
    </Card>
  );
}
