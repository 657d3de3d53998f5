/**
 * The page's one router. react-router reaches the apps through this singleton rather than as a
 * federation share of its own: a shared package is shipped whole (61 KB gzip), while these re-exports
 * let the build keep only what the portal uses (about 15 KB). Apps import router APIs from
 * `@portal/shared`; ESLint refuses a direct `react-router` import outside tests and types.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type LinkProps,
  type NavLinkProps,
  type RouteObject,
} from 'react-router';
