// Parsing process entry when the server runs from TypeScript source (tests, `npm run dev`): a plain node process
// does not have the tsx loader, so register it here before loading the real entry. Server tests name a bundle of the
// same entry made once per run (test/worker-bundle.ts): a process then starts without compiling the readers through tsx.
import { register } from 'tsx/esm/api';

const bundled = process.env.REFERWELL_TEST_WORKER_BUNDLE;
if (!bundled) register();
await import(bundled ?? './worker.ts');
