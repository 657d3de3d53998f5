import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TestProviders } from '@portal/shared/testing';
import { PortalRoutes } from '../App';

/** The host's real route tree in a memory router, starting at `path`. */
export function renderPortal(path: string) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes />
      </MemoryRouter>
    </TestProviders>,
  );
}
