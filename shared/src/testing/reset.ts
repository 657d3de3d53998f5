import { authStore } from '../auth/store';
import { queryClient } from '../api/query';
import { scriptStore } from '../script/store';

const initial = authStore.getState();
const initialScript = scriptStore.getState();

/** Puts the page's one auth store back as it was before the test. */
export function resetAuthStore(): void {
  authStore.setState(initial, true);
}

/** Empties the page's one query cache: no answer of a test is shown in the next. */
export function resetQueries(): void {
  queryClient.clear();
}

/** Puts the page's script back to Latin, the choice no test made, and forgets the device's cookie of it. */
export function resetScriptStore(): void {
  scriptStore.setState(initialScript, true);
  document.cookie = 'ontv.script=; path=/; max-age=0';
}
