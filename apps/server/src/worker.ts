// Entry point of the parsing worker threads (see lib/worker-task.ts): runs one registered task per call.
import { workerTasks, type WorkerTaskName } from './worker-tasks';

export default function runTask({ name, input }: { name: WorkerTaskName; input: never }) {
  return workerTasks[name](input);
}
