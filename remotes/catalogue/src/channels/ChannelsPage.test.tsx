import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import channelsFile from '../../content/channels.json';
import { filterChannels, filterFromQuery } from './filter';
import { renderCatalogue } from '../testing';

const all = channelsFile.channels;
const inStart = all.filter((c) => c.start);
const onlyMax = all.filter((c) => c.max && !c.start);

describe('channel filters', () => {
  it('reads only starton and maxon from the query', () => {
    expect(filterFromQuery('starton')).toBe('starton');
    expect(filterFromQuery('maxon')).toBe('maxon');
    expect(filterFromQuery('MAXON')).toBe('svi');
    expect(filterFromQuery(null)).toBe('svi');
  });

  it('keeps the channels of the chosen package', () => {
    expect(filterChannels(all, 'starton')).toHaveLength(inStart.length);
    expect(filterChannels(all, 'maxon').every((c) => c.max)).toBe(true);
    expect(filterChannels(all, 'svi')).toHaveLength(all.length);
  });
});

describe('/tv-kanali', () => {
  const list = () => within(screen.getByRole('list', { name: 'Kanali' }));
  const pressed = () => screen.getByRole('button', { pressed: true });

  it('shows every channel with its image and package flags', async () => {
    await renderCatalogue('/tv-kanali');
    expect(await screen.findByRole('heading', { level: 1, name: 'TV kanali' })).toBeInTheDocument();
    expect(pressed()).toHaveTextContent('Svi kanali');
    expect(list().getAllByRole('listitem')).toHaveLength(all.length);
    expect(screen.getByRole('status')).toHaveTextContent(`Prikazano kanala: ${all.length}`);
    const first = list().getAllByRole('listitem')[0]!;
    expect(within(first).getByText(all[0]!.name)).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', `/${all[0]!.landscape}`);
  });

  it('preselects the package named in ?paket=', async () => {
    await renderCatalogue('/tv-kanali?paket=starton');
    expect(await screen.findByRole('button', { pressed: true })).toHaveTextContent('StartON paket');
    expect(list().getAllByRole('listitem')).toHaveLength(inStart.length);
    expect(list().queryByText(onlyMax[0]!.name)).not.toBeInTheDocument();
  });

  it('filters by click and writes the filter into the address, so it can be shared', async () => {
    const router = await renderCatalogue('/tv-kanali');
    await userEvent.click(await screen.findByRole('button', { name: 'MaxON paket' }));
    expect(pressed()).toHaveTextContent('MaxON paket');
    expect(router.location.search).toBe('?paket=maxon');
    expect(list().getByText(onlyMax[0]!.name)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'StartON paket' }));
    expect(router.location.search).toBe('?paket=starton');
    expect(list().queryByText(onlyMax[0]!.name)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Svi kanali' }));
    expect(router.location.search).toBe('');
    expect(list().getAllByRole('listitem')).toHaveLength(all.length);
  });
});
