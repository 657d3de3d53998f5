import { render } from '@testing-library/react';
import { Router, memoryHistory } from '@portal/shared';
import { TestProviders } from '@portal/shared/testing';
import { PortalRoutes } from '../App';

/** The host's real route tree in a memory history, starting at `path`. */
export function renderPortal(path: string) {
  return render(
    <TestProviders>
      <Router history={memoryHistory(path)}>
        <PortalRoutes />
      </Router>
    </TestProviders>,
  );
}
