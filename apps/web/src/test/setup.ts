import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s for what they look for (the library's 1 s ran out while a lazy route's module
// loaded on a loaded two-core machine); a test that passes still passes as soon as its element appears.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
