import type { RouteObject } from 'react-router';
import { HomePage } from '../home/HomePage';

/** Catalogue pages, mounted by the host under `/` and the catalogue prefixes. */
export const routes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
