import { cx, paths, useSearchParams } from '@portal/shared';
import channelsFile from '../../content/channels.json';
import type { Channel } from '../content/schemas';
import { bundled } from '../content/bundled';
import { publicUrl } from '../content/publicUrl';
import { Hero, Section } from '../layout/Hero';
import { CHANNEL_FILTERS, filterChannels, filterFromQuery, type ChannelFilter } from './filter';
import styles from './ChannelsPage.module.css';
import { CHANNELS_TEXTS as T } from '../texts';

const { channels } = bundled<{ channels: Channel[] }>(channelsFile);

/**
 * Logos a phone shows on its first screen (three rows of two; a desktop's first row) load at once and are
 * painted in the frame that shows them, not decoded aside for a later one: the largest paint is among them.
 * The others load as they near the screen (decision 031: every logo asked for before the largest paint
 * delays it in Lighthouse's estimate, and twelve at once made the first ones wait).
 */
const FIRST_SCREEN = 6;

export default function ChannelsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromQuery(params.get('paket'));
  const shown = filterChannels(channels, filter);

  // The filter lives in the URL so a filtered list can be shared; switching filters replaces the entry.
  const choose = (value: ChannelFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'svi') next.delete('paket');
        else next.set('paket', value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <Hero title={T.title}>
        <p>{T.lead}</p>
      </Hero>
      <Section>
        {/* A form of GET buttons: before the page has hydrated (it arrives as HTML, docs/decisions/031) or with
            JavaScript off, a button loads the list filtered (`?paket=maxon`, prerendered too); once hydrated,
            the click filters in place. */}
        <form method="get" action={paths.channels.href()}>
          <div className={styles.filters} role="group" aria-label={T.filters}>
            {CHANNEL_FILTERS.map((option) => (
              <button
                key={option.value}
                type="submit"
                name="paket"
                value={option.value}
                className={cx(styles.filter, filter === option.value && styles.selected)}
                aria-pressed={filter === option.value}
                onClick={(event) => {
                  event.preventDefault();
                  choose(option.value);
                }}
              >
                {option.label}
              </button>
            ))}
          </div>
        </form>
        <p className={styles.count} role="status">
          {T.shown} {shown.length}
        </p>
        <ul className={styles.grid} aria-label={T.list}>
          {shown.map((channel, index) => (
            <li key={channel.name} className={styles.channel}>
              <img
                src={publicUrl(channel.landscape)}
                alt=""
                width={320}
                height={180}
                loading={index < FIRST_SCREEN ? 'eager' : 'lazy'}
                decoding={index < FIRST_SCREEN ? undefined : 'async'}
              />
              {/* A name stays as it is in either script (docs/decisions/050). */}
              <span className={styles.name} translate="no">
                {channel.name}
              </span>
              <span className={styles.flags}>
                {channel.start && <span className={styles.flag}>{T.start}</span>}
                {channel.max && <span className={cx(styles.flag, styles.flagMax)}>{T.max}</span>}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
