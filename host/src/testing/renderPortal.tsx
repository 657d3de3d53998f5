import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PortalRoutes } from '../App';

/** The host's real route tree in a memory router, starting at `path`. */
export function renderPortal(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PortalRoutes />
    </MemoryRouter>,
  );
}
