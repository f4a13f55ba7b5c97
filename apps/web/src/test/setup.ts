import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s for what they look for (the library's 1 s ran out while a lazy route's module
// loaded on a loaded two-core machine); a test that passes still passes as soon as its element appears.
configure({ asyncUtilTimeout: 5_000 });

// sonner removes a dismissed toast 200 ms after marking it removed, by a timer its unmount does not clear: a test file
// that ended inside those 200 ms left the timer to fire once the test environment was gone, and React's update then
// failed with "window is not defined", an unhandled error that fails the run (post-job-page.test.tsx in a clean-clone
// CI run). A toast on its way out is let go before the tree is unmounted.
const SONNER_REMOVE_MS = 200;

afterEach(async () => {
  if (typeof document !== 'undefined' && document.querySelector('[data-sonner-toast][data-removed="true"]'))
    await new Promise((resolve) => setTimeout(resolve, SONNER_REMOVE_MS + 50));
  cleanup();
});
