import { createApp } from 'vue';
import App from './App.vue';
import { i18n } from './i18n.ts';
import { createApi, takeToken } from './lib/api.ts';
import { VillageStore } from './state/village.ts';
import { STORE_KEY } from './composables/useVillage.ts';
import './style.css';
import './narrow.css';

const token = takeToken(window.location, window.sessionStorage, window.history);
const app = createApp(App, { hasToken: token !== null });
app.use(i18n);
if (token !== null) {
  const store = new VillageStore(createApi(token));
  app.provide(STORE_KEY, store);
  store.start();
}
app.mount('#app');
