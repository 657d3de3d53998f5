import { jest } from '@jest/globals';

export interface ProcessorCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * Fakes the sandbox card processor at `fetch` (the sandbox fields post to it directly, never through
 * the API): each request takes the next answer in order; every request is recorded.
 */
export function fakeProcessor(answers: Array<{ status: string; code?: string }>): ProcessorCall[] {
  const calls: ProcessorCall[] = [];
  const fetchMock = jest.fn(async (url: string, init: { body: string }) => {
    calls.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
    return { ok: true, json: async () => answers.shift() } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}
