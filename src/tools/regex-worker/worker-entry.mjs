// The regex worker: loads the TypeScript job code through tsx (as bin/fuseforks.mjs does for the app)
// and runs one job per message. The pool runs at most one job at a time on each worker.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');

parentPort.on('message', async (job) => {
  try {
    parentPort.postMessage({ ok: true, value: await runJob(job) });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
