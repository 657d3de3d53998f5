/**
 * The stack's floor for `npm run bench`: React 19 (`react`, `react-dom/client`) and nothing else of
 * the portal, rendering one paragraph. No federation, router, queries, axios or zod. Whatever
 * Lighthouse counts against this page, every page built on React 19 pays at least (test/scripts/floor.ts).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.createElement('div');
document.body.append(container);
createRoot(container).render(createElement('p', null, 'React 19 je učitan.'));
