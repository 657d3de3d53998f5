import { createStore, useStore } from 'zustand';
import { jwtDecode } from 'jwt-decode';
import { tokenDataSchema, type LoginResponse, type TokenData } from '../contract/auth';
import { getProduct } from '../api/client';
import { postLogin, postLogout } from '../api/auth';
import { getDevice } from './device';
import { clearToken, getToken, onTokenChange, setToken } from './token';
import { normaliseUsername } from '../contract/username';

export interface AuthState {
  /** The initial check of the stored token has finished. */
  initialized: boolean;
  authorized: boolean;
  tokenData: TokenData | null;
  bootstrap: () => void;
  login: (credentials: { username: string; password: string }) => Promise<LoginResponse>;
  logout: () => Promise<void>;
}

function decode(token: string): TokenData {
  return tokenDataSchema.parse(jwtDecode(token));
}

/** The auth store (product.md §4, Signing in): vanilla first, so it is one singleton across remotes. */
export const authStore = createStore<AuthState>()((set) => {
  const mirror = (token: string | null) => {
    if (!token) {
      set({ authorized: false, tokenData: null });
      return;
    }
    try {
      set({ authorized: true, tokenData: decode(token) });
    } catch {
      set({ authorized: false, tokenData: null });
    }
  };
  onTokenChange(mirror);

  return {
    initialized: false,
    authorized: false,
    tokenData: null,

    bootstrap: () => {
      try {
        mirror(getToken());
      } catch {
        // A failure while reading the token is swallowed (product.md §4).
        set({ authorized: false, tokenData: null });
      }
      set({ initialized: true });
    },

    login: async ({ username, password }) => {
      const response = await postLogin({
        username: normaliseUsername(username),
        password,
        deviceType: getProduct(),
        ...getDevice(),
      });
      setToken(response.token);
      return response;
    },

    logout: async () => {
      const token = getToken();
      set({ authorized: false, tokenData: null });
      clearToken();
      try {
        await postLogout(token);
      } catch {
        // Errors of the logout call are ignored (product.md §4).
      }
    },
  };
});

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
