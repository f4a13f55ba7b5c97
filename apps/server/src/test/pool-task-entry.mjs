// A parsing process for lib/process-pool.test.ts: task 'hold' keeps `input` MB more resident memory (a reader's
// load, or a task's leftovers) and every task answers with the process id, so a test sees when a process is replaced.
import { register } from 'tsx/esm/api';

register();
const { serveTasks } = await import('../lib/process-pool.ts');
const held = [];
serveTasks((_name, megabytes) => {
  if (megabytes > 0) held.push(Buffer.alloc(megabytes * 1024 * 1024, 1));
  return process.pid;
});
