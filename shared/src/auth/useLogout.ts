import { paths } from '../contract/paths';
import { useCallback } from 'react';
import { useNavigate } from '../router';
import { authStore } from './store';

/** Logs out, then goes to `/` (product.md §4, Signing in: signing out tells the API and goes home). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await authStore.getState().logout();
    navigate(paths.home.href());
  }, [navigate]);
}
