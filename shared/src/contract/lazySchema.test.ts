import { describe, expect, it, jest } from '@jest/globals';
import * as z from 'zod/mini';

type Contract = typeof import('.');

/** The contract loaded afresh over a zod that counts the schemas it is asked to build. */
function loadCounting(): { contract: Contract; built: () => number } {
  let count = 0;
  let contract: Contract | undefined;
  jest.isolateModules(() => {
    jest.doMock('zod/mini', () => {
      const actual = jest.requireActual<Record<string, unknown>>('zod/mini');
      return Object.fromEntries(
        Object.entries(actual).map(([name, value]) =>
          typeof value === 'function' && /^[a-z]/.test(name)
            ? [
                name,
                (...args: unknown[]) => {
                  count += 1;
                  return (value as (...a: unknown[]) => unknown)(...args);
                },
              ]
            : [name, value],
        ),
      );
    });
    contract = jest.requireActual<Contract>('.');
  });
  return { contract: contract!, built: () => count };
}

describe('the contract builds a schema when it is first used', () => {
  it('builds none of its schemas when it is loaded', () => {
    const { built } = loadCounting();
    // Before lazySchema, loading the contract called zod 458 times: the longest task of a page's start.
    expect(built()).toBe(0);
  });

  it('builds a schema and what it holds on first use, once, and parses as before', () => {
    const { contract, built } = loadCounting();
    const before = built();
    const plans = [{ code: 'starton', name: 'StartON', price: 14.9, promos: [] }];
    expect(contract.plansResponseSchema.parse(plans)).toEqual(plans);
    const afterFirst = built();
    expect(afterFirst).toBeGreaterThan(before);
    expect(contract.plansResponseSchema.safeParse([{ code: '', name: 'x', price: -1, promos: [] }]).success).toBe(
      false,
    );
    expect(built()).toBe(afterFirst);
  });

  it('answers as the schema it stands for: its shape, its type and its keys', () => {
    const { contract } = loadCounting();
    const schema = contract.startRegistrationRequestSchema;
    expect(Object.keys(schema.shape)).toContain('username');
    expect(schema.shape.username.safeParse('').success).toBe(false);
    expect('_zod' in schema).toBe(true);
    expect(Object.keys(schema)).toEqual(Object.keys(z.object({ username: z.string() })));
    expect(schema instanceof Object.getPrototypeOf(schema).constructor).toBe(true);
  });
});
