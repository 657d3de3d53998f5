import { describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import * as z from 'zod/mini';
import { useForm } from './useForm';

const schema = z.object({
  rule: z.string().check(z.minLength(3, 'too short')),
  other: z.string().check(z.minLength(1, 'required')),
});

describe('useForm', () => {
  it('shows messages after the first send, and a live field’s as soon as it holds something', () => {
    const { result } = renderHook(() =>
      useForm({ schema, initial: { rule: '', other: '' }, live: ['rule'], explain: 'failed', send: async () => {} }),
    );
    expect(result.current.errors).toEqual({});
    act(() => result.current.set('rule', 'ab'));
    expect(result.current.errors).toEqual({ rule: 'too short' });
    act(() => result.current.onSubmit());
    expect(result.current.errors).toEqual({ rule: 'too short', other: 'required' });
  });
});
