import { createApp } from 'vue';
import TokenPage from './components/app/TokenPage.vue';
import { useUiSettings } from './composables/useUiSettings.ts';
import { i18n, setUiLanguage } from './i18n.ts';

/**
 * No token, or a refused one: the page to paste it, mounted in place of the app, in the browser's
 * language (the village's is not known without a token). `onAccepted` gets a token the server took.
 */
export function showTokenPage(rejected: boolean, onAccepted: (token: string) => void): void {
  setUiLanguage(navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en');
  // The theme chosen in this browser (App.vue applies it too, once the app runs).
  const theme = useUiSettings().theme;
  if (theme) document.documentElement.dataset.theme = theme;
  const page = createApp(TokenPage, {
    rejected,
    onAccepted: (token: string) => {
      page.unmount();
      onAccepted(token);
    },
  });
  page.use(i18n);
  page.mount('#app');
}
