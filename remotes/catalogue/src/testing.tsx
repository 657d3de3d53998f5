/** Test helpers of the catalogue: its real routes in a memory router, and static resources faked at fetch. */
import { jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from './exposes/routes';

/** Renders a catalogue route and lets its lazily loaded page arrive (inside act, as React asks). */
export async function renderCatalogue(path: string) {
  const router = createMemoryRouter([...routes, { path: '/pretplati-se', element: <h1>Pretplata</h1> }], { initialEntries: [path] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

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
