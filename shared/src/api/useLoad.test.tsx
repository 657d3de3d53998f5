import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { setApiAdapter } from './http';
import { useAccountInfo } from './account';

function AccountStatus() {
  const info = useAccountInfo();
  return <p>{info.status}</p>;
}

describe('useLoad', () => {
  it('cancels the request of a page that leaves before the answer', async () => {
    const sent: InternalAxiosRequestConfig[] = [];
    setApiAdapter((config) => {
      sent.push(config);
      return new Promise(() => undefined); // the answer never comes
    });
    const page = render(<AccountStatus />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.signal?.aborted).toBe(false);
    page.unmount();
    expect(sent[0]!.signal?.aborted).toBe(true);
  });
});
