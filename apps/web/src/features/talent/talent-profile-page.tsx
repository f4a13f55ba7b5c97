import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { dashboardPathFor } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { ownProfileQueryOptions } from './api';
import { ProfileForm } from './profile-form';

/** Edit Profile (/talent-profile, SPEC §2): personal, professional, skills; resume upload and parsing. */
export function TalentProfilePage() {
  usePageTitle('Edit Profile');
  const { user } = useSession();
  const { data, error, refetch, isPending } = useQuery({
    ...ownProfileQueryOptions,
    enabled: user?.type === 'jobseeker',
  });
  if (!user) return null;
  if (user.type !== 'jobseeker') return <Navigate to={dashboardPathFor(user.type)} replace />;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      {isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading profile">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : error ? (
        <LoadError title="Could not load your profile" message={error.message} onRetry={() => void refetch()} />
      ) : (
        <ProfileForm profile={data} />
      )}
    </div>
  );
}
