// Entry point of the parsing processes (see lib/worker-task.ts): runs one registered task per message.
import { serveTasks } from './lib/process-pool';
import { workerTasks, type WorkerTaskName } from './worker-tasks';

serveTasks((name, input) => workerTasks[name as WorkerTaskName](input as never));
