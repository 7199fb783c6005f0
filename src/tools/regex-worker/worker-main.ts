// The regex worker's body: one job per message. The pool runs at most one job at a time on each
// worker. From the sources, worker-entry.mjs loads this file through tsx; the compiled build bundles
// it as `regex-worker.js` (bin/server-build.mjs).
import { parentPort } from 'node:worker_threads';
import { runJob, type RegexJob } from './jobs.ts';

const port = parentPort;
if (!port) throw new Error('the regex worker runs only in a worker thread');

port.on('message', async (job: RegexJob) => {
  try {
    port.postMessage({ ok: true, value: await runJob(job) });
  } catch (error) {
    port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
