/** Test helpers of the onboarding remote: its real routes in a memory router. */
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from './exposes/routes';

export async function renderOnboarding(path: string) {
  const router = createMemoryRouter(
    [...routes, { path: '/nalog', element: <h1>Prijava</h1> }, { path: '/paketi', element: <h1>Paketi</h1> }],
    { initialEntries: [path] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}
