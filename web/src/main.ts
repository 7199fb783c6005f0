import { createApp } from 'vue';
import App from './App.vue';
import { i18n } from './i18n.ts';
import { ApiError, createApi, forgetToken, rememberToken, takeToken } from './lib/api.ts';
import { VillageStore } from './state/village.ts';
import { STORE_KEY } from './composables/useVillage.ts';
import { showTokenPage } from './token-page-app.ts';
import './style.css';
import './narrow.css';

/** Set before the reload that follows a refused token, so the token page can say it was refused. */
const REFUSED_KEY = 'fuseforks.tokenRefused';

function startApp(token: string): void {
  const app = createApp(App);
  app.use(i18n);
  const store = new VillageStore(createApi(token));
  app.provide(STORE_KEY, store);
  store.start();
  app.mount('#app');
  // A stored token the server refuses (it made a new one) would leave the tab on the splash for good:
  // asked beside the store's own start, so a right token waits for nothing.
  // A reload, not an unmount: vue-i18n disposes its instance when the app using it unmounts, and the
  // village app's is the shared one (i18n.ts); the reloaded tab has no token and shows the page.
  store.api.call('boot_status').catch((error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== 'UNAUTHORIZED') return;
    store.stop();
    forgetToken(window.sessionStorage);
    window.sessionStorage.setItem(REFUSED_KEY, '1');
    window.location.reload();
  });
}

/** A token the token page checked is kept like one from the URL, then the app starts with it. */
function accept(token: string): void {
  rememberToken(window.sessionStorage, token);
  startApp(token);
}

const token = takeToken(window.location, window.sessionStorage, window.history);
const refused = window.sessionStorage.getItem(REFUSED_KEY) === '1';
window.sessionStorage.removeItem(REFUSED_KEY);
if (token === null) showTokenPage(refused, accept);
else startApp(token);
