/**
 * The page's one router: wouter (3 KB gzip, where react-router 7 cost 13 KB; decision 030), behind the
 * few names the portal uses. It reaches the apps inside this singleton, so the page has one router and
 * one history; ESLint refuses a direct `wouter` import outside this file.
 *
 * Navigations are not transitions (wouter follows the URL through useSyncExternalStore): a click into a
 * page whose code is still loading shows its spinner at once instead of leaving the old page up.
 */
import { createContext, use, type AnchorHTMLAttributes, type ReactNode } from 'react';
import {
  Link as WouterLink,
  Redirect,
  Route,
  Router as WouterRouter,
  Switch,
  useLocation as useWouterLocation,
  useParams,
  useSearch,
  useSearchParams,
} from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

export { useParams, useSearchParams };

/** A page an app offers: its absolute path (`*` for any other) and what it renders there. */
export interface RouteObject {
  path: string;
  element: ReactNode;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (a redirect, a result page). */
  replace?: boolean;
  /** Carried with the entry, read back with `useLocation().state`. */
  state?: unknown;
}

export interface Location {
  pathname: string;
  /** `?a=b`, or empty. */
  search: string;
  state: unknown;
}

/**
 * A history held in memory, for tests and for rendering a page outside a browser: starts at `path`
 * (with its query) and records where the page navigates.
 */
export function memoryHistory(path: string, state: unknown = null) {
  const memory = memoryLocation({ path, state });
  let current = path;
  /** The paths navigated to, in order (a replaced entry too). */
  const visited: string[] = [];
  // An entry without state has none, as in the browser (wouter's memory keeps the previous entry's).
  const navigate = (to: string, options: NavigateOptions = {}) => {
    current = to;
    visited.push(to.split('?')[0]!);
    memory.navigate(to, { replace: options.replace, state: options.state ?? null });
  };
  return {
    hook: (): [string, typeof navigate] => [memory.hook()[0], navigate],
    searchHook: memory.searchHook,
    visited,
    /** Where the page is now. */
    get location(): Location {
      const [pathname = '/', search = ''] = current.split('?');
      return { pathname, search: search ? `?${search}` : '', state: memory.state };
    },
    readState: (): unknown => memory.state,
  };
}
type MemoryHistory = ReturnType<typeof memoryHistory>;

/**
 * Reads the current entry's state. A navigation re-renders its readers through the path, so a read
 * during render is current.
 */
const EntryState = createContext<() => unknown>(() => (typeof history === 'undefined' ? null : history.state));

/**
 * The router around the page: the browser's history, `history` held in memory, or, rendering a page
 * to HTML outside a browser, the fixed `ssrPath` (`/tv-kanali?paket=maxon`).
 */
export function Router({
  history,
  ssrPath,
  children,
}: {
  history?: MemoryHistory;
  ssrPath?: string;
  children: ReactNode;
}) {
  if (!history) return <WouterRouter ssrPath={ssrPath}>{children}</WouterRouter>;
  return (
    <EntryState value={history.readState}>
      <WouterRouter hook={history.hook} searchHook={history.searchHook}>
        {children}
      </WouterRouter>
    </EntryState>
  );
}

/** The first of `routes` whose path matches the URL (whole path, any letter case, a trailing slash allowed). */
export function Routes({ routes }: { routes: RouteObject[] }) {
  return (
    <Switch>
      {routes.map(({ path, element }) => (
        <Route key={path} path={path}>
          {element}
        </Route>
      ))}
    </Switch>
  );
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  const readState = use(EntryState);
  return { pathname, search: search ? `?${search}` : '', state: readState() };
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & NavigateOptions & { to: string };

/** A link within the portal: the browser's link, navigated in the page (a modified click opens a tab). */
export function Link({ to, ...rest }: LinkProps) {
  return <WouterLink href={to} {...rest} />;
}

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on `to` alone, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A menu link that knows it leads to the current page (`aria-current="page"`) or to a path above it. */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  // `/` leads to the home page alone, not to every path under it.
  const isActive = pathname === to || (!end && to !== '/' && pathname.startsWith(to.endsWith('/') ? to : `${to}/`));
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...rest}
    />
  );
}

/** Goes to `to` as soon as it renders (a guard's redirect). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  return <Redirect to={to} replace={replace} state={state} />;
}
