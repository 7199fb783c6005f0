// The regex worker from the sources: loads the TypeScript worker through tsx (as bin/fuseforks.mjs
// does for the app under FUSEFORKS_DEV=1). The compiled build runs its bundled regex-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker-main.ts');
