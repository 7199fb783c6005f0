import { createApp } from 'vue';
import TokenPage from './components/app/TokenPage.vue';
import { useUiSettings } from './composables/useUiSettings.ts';
import { createUiI18n } from './i18n.ts';

/**
 * No token, or a refused one: the page to paste it, mounted in place of the app, in the browser's
 * language (the village's is not known without a token). `onAccepted` gets a token the server took.
 */
export function showTokenPage(rejected: boolean, onAccepted: (token: string) => void): void {
  const language = navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  document.documentElement.lang = language;
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
  // Its own i18n: unmounting this page disposes it, and the village app's stays untouched.
  page.use(createUiI18n(language));
  page.mount('#app');
}
