import type { AxiosAdapter } from 'axios';
import { setProcessorAdapter } from '../api/http';
import { adapterAnswer } from './fake-api';

export interface ProcessorCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * Fakes the sandbox card processor at axios's adapter edge (the sandbox fields post to it directly,
 * never through the API): each request takes the next answer in order; every request is recorded.
 */
export function fakeProcessor(answers: Array<{ status: string; code?: string }>): ProcessorCall[] {
  const calls: ProcessorCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push({ url: config.url ?? '', body: JSON.parse(String(config.data)) as Record<string, unknown> });
    return adapterAnswer(config, 200, answers.shift());
  };
  setProcessorAdapter(adapter);
  return calls;
}
