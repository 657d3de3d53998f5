import { authStore } from '../auth/store';

const initial = authStore.getState();

/** Puts the page's one auth store back as it was before the test. */
export function resetAuthStore(): void {
  authStore.setState(initial, true);
}
