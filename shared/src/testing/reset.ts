import { authStore } from '../auth/store';
import { queryClient } from '../api/query';

const initial = authStore.getState();

/** Puts the page's one auth store back as it was before the test. */
export function resetAuthStore(): void {
  authStore.setState(initial, true);
}

/** Empties the page's one query cache: no answer of a test is shown in the next. */
export function resetQueries(): void {
  queryClient.clear();
}
