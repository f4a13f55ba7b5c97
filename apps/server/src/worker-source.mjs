// Worker entry when the server runs from TypeScript source (tests, `npm run dev`): worker threads do not inherit
// the tsx loader, so register it here before loading the real entry.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker.ts');
export default runTask;
