/** Test helpers of the catalogue: its real routes in a memory router, and static resources faked at fetch. */
import { jest } from '@jest/globals';
import { renderRoutes } from '@portal/shared/testing';
import { routes } from './exposes/routes';

/** Renders a catalogue route and lets its lazily loaded page arrive. */
export const renderCatalogue = (path: string) =>
  renderRoutes(routes, path, { others: { '/pretplati-se': 'Pretplata' } });

/** Answers `fetch` for the files under `resources/`; anything else is a test bug. */
export function fakeResources(files: Record<string, { status?: number; body: string }>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const file = Object.keys(files).find((name) => url.endsWith(`/resources/${name}`));
    if (!file) throw new Error(`Unexpected fetch in test: ${url}`);
    const { status = 200, body } = files[file]!;
    return new Response(body, { status });
  });
}
