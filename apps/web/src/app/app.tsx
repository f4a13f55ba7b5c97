import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { sessionQueryOptions } from '@/features/auth/api';
import { ApiError } from '@/lib/api';
import { router } from './router';

function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // A 401 on any other query means the session ended (expired, or logged out in another tab):
    // asking again who is logged in lets the route guard send the user to log in.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== 'auth') {
          void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  return queryClient;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
