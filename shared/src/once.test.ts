import { once } from './once';

describe('once', () => {
  it('runs a load once per argument, and callers share it', async () => {
    const load = jest.fn((name: string) => Promise.resolve(`${name}!`));
    const get = once(load);
    expect(await Promise.all([get('a'), get('a'), get('b')])).toEqual(['a!', 'a!', 'b!']);
    expect(await get('a')).toBe('a!');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('ok');
    const get = once(() => load() as Promise<string>);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets on request, and compares arguments by their key', async () => {
    const load = jest.fn((settings: { key: string }) => Promise.resolve(settings.key));
    const get = once(load, (settings) => settings.key);
    await get({ key: 'x' });
    await get({ key: 'x' });
    get.forget({ key: 'x' });
    await get({ key: 'x' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
