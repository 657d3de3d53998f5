import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { cx, Link } from '@portal/shared';
import type { Slide } from '../content/schemas';
import { publicUrl } from '../content/publicUrl';
import styles from './Slideshow.module.css';
import { HOME_TEXTS } from '../texts';

export const SLIDE_INTERVAL_MS = 7000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null);

/**
 * Whether the visitor asked for reduced motion. A prerendered page (and its hydration) assumes not;
 * the browser's answer follows at once after.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * The slideshow's turning: the current slide, whether it plays and whether the visitor holds it (hovered or
 * focused). It plays on its own unless the visitor asked for reduced motion, until the pause button says
 * otherwise, and a playing slideshow turns every SLIDE_INTERVAL_MS while not held.
 */
function useSlideTimer(count: number) {
  const [current, setCurrent] = useState(0);
  const [choice, setPlaying] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const playing = count > 1 && (choice ?? !reducedMotion);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, held, current, count]);

  const go = (index: number) => setCurrent((index + count) % count);
  return { current, go, playing, setPlaying, held, setHeld };
}

/**
 * The home page slideshow (product.md §2, Public): a carousel after the WAI-ARIA pattern. It turns by itself
 * unless the visitor asked for reduced motion, stops while hovered or focused, and has a pause button,
 * previous/next buttons, one button per slide and the arrow keys.
 */
export function Slideshow({ slides }: { slides: readonly Slide[] }) {
  const count = slides.length;
  const { current, go, playing, setPlaying, held, setHeld } = useSlideTimer(count);
  const root = useRef<HTMLElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section
      ref={root}
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={HOME_TEXTS.featured}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className={styles.slides} aria-live={playing && !held ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.landscape}
            className={cx(styles.slide, index === current && styles.current)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} od ${count}`}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            <picture>
              <source media="(max-width: 699px)" srcSet={publicUrl(slide.portrait)} width={750} height={1000} />
              <img
                className={styles.image}
                src={publicUrl(slide.landscape)}
                alt={slide.alt}
                width={1600}
                height={640}
                fetchPriority={index === 0 ? 'high' : 'low'}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </picture>
            {slide.link && (
              <div className={cx(styles.linkRow, styles[slide.link.position])}>
                <SlideLink href={slide.link.href} text={slide.link.text} />
              </div>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <SlideControls slides={slides} current={current} go={go} playing={playing} setPlaying={setPlaying} />
      )}
    </section>
  );
}

/** The pause button, previous and next, and one button per slide. */
function SlideControls({
  slides,
  current,
  go,
  playing,
  setPlaying,
}: {
  slides: readonly Slide[];
  current: number;
  go: (index: number) => void;
  playing: boolean;
  setPlaying: (playing: boolean) => void;
}) {
  return (
    <div className={styles.controls}>
      <button type="button" className={styles.control} onClick={() => setPlaying(!playing)}>
        {playing ? 'Zaustavi prikaz' : 'Pokreni prikaz'}
      </button>
      <button type="button" className={styles.arrow} onClick={() => go(current - 1)} aria-label={HOME_TEXTS.previous}>
        <span aria-hidden="true">‹</span>
      </button>
      <div className={styles.dots}>
        {slides.map((slide, index) => (
          <button
            key={slide.landscape}
            type="button"
            className={cx(styles.dot, index === current && styles.dotCurrent)}
            aria-label={`Slajd ${index + 1}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => go(index)}
          />
        ))}
      </div>
      <button type="button" className={styles.arrow} onClick={() => go(current + 1)} aria-label={HOME_TEXTS.next}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}

function SlideLink({ href, text }: { href: string; text: string }) {
  return href.startsWith('/') ? (
    <Link className={styles.link} to={href}>
      {text}
    </Link>
  ) : (
    <a className={styles.link} href={href} rel="noopener noreferrer">
      {text}
    </a>
  );
}
