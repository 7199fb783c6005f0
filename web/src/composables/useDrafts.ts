import { reactive } from 'vue';

/** Text typed and not yet sent (the chat box); read when the tab is about to close. */
export const drafts = reactive({ chat: '' });
