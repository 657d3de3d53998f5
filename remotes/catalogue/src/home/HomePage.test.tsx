import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router, memoryHistory } from '@portal/shared';
import type { Slide } from '../content/schemas';
import { renderCatalogue } from '../testing';
import { SLIDE_INTERVAL_MS, Slideshow } from './Slideshow';

const slides: Slide[] = [
  {
    landscape: 'images/a-l.svg',
    portrait: 'images/a-p.svg',
    alt: 'Prvi slajd',
    link: { href: '/paketi', text: 'Izaberi paket', position: 'left' },
  },
  { landscape: 'images/b-l.svg', portrait: 'images/b-p.svg', alt: 'Drugi slajd' },
  {
    landscape: 'images/c-l.svg',
    portrait: 'images/c-p.svg',
    alt: 'Treći slajd',
    link: { href: 'https://ontv.ba/akcija', text: 'Akcija', position: 'right' },
  },
];

function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
  jest.useRealTimers();
});

const current = () => screen.getByRole('group', { name: /od 3/, hidden: false });
const renderSlides = () =>
  render(
    <Router history={memoryHistory('/')}>
      <Slideshow slides={slides} />
    </Router>,
  );

describe('the slideshow', () => {
  it('shows one slide at a time with a landscape image, a portrait source and its link', () => {
    setReducedMotion(true);
    renderSlides();
    expect(screen.getByRole('region', { name: 'Istaknuto' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(current()).toHaveAccessibleName('1 od 3');
    const image = within(current()).getByRole('img', { name: 'Prvi slajd' });
    expect(image).toHaveAttribute('src', '/images/a-l.svg');
    expect(image.parentElement?.querySelector('source')).toHaveAttribute('srcset', '/images/a-p.svg');
    expect(within(current()).getByRole('link', { name: 'Izaberi paket' })).toHaveAttribute('href', '/paketi');
    expect(screen.queryByRole('img', { name: 'Drugi slajd' })).not.toBeInTheDocument();
  });

  it('moves with the buttons, the slide buttons and the arrow keys', async () => {
    setReducedMotion(true);
    renderSlides();
    await userEvent.click(screen.getByRole('button', { name: 'Sljedeći slajd' }));
    expect(current()).toHaveAccessibleName('2 od 3');
    expect(within(current()).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prethodni slajd' }));
    await userEvent.click(screen.getByRole('button', { name: 'Prethodni slajd' }));
    expect(current()).toHaveAccessibleName('3 od 3');
    expect(within(current()).getByRole('link', { name: 'Akcija' })).toHaveAttribute('href', 'https://ontv.ba/akcija');
    await userEvent.click(screen.getByRole('button', { name: 'Slajd 2' }));
    expect(screen.getByRole('button', { name: 'Slajd 2' })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(current()).toHaveAccessibleName('3 od 3');
    await userEvent.keyboard('{ArrowRight}');
    expect(current()).toHaveAccessibleName('1 od 3');
  });

  it('does not turn by itself when the visitor asked for reduced motion', () => {
    setReducedMotion(true);
    jest.useFakeTimers();
    renderSlides();
    expect(screen.getByRole('button', { name: 'Pokreni prikaz' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(current()).toHaveAccessibleName('1 od 3');
  });

  it('turns by itself otherwise, and stops when paused', () => {
    setReducedMotion(false);
    jest.useFakeTimers();
    renderSlides();
    act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(current()).toHaveAccessibleName('2 od 3');
    act(() => screen.getByRole('button', { name: 'Zaustavi prikaz' }).click());
    act(() => jest.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(current()).toHaveAccessibleName('2 od 3');
    expect(screen.getByRole('button', { name: 'Pokreni prikaz' })).toBeInTheDocument();
  });
});

describe('the home page', () => {
  it('has the slideshow, the about block with its calls to action, seven benefits and four app links', async () => {
    await renderCatalogue('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ON TV');
    expect(screen.getByRole('region', { name: 'Istaknuto' })).toBeInTheDocument();

    const about = within(screen.getByRole('region', { name: 'Televizija koja ide s tobom' }));
    expect(about.getByRole('link', { name: 'Pretplati se' })).toHaveAttribute('href', '/paketi');
    expect(about.getByRole('link', { name: 'Preuzmi aplikaciju' })).toHaveAttribute('href', '#aplikacije');

    const benefits = within(screen.getByRole('region', { name: 'Zašto ON TV' }));
    expect(benefits.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Više od 150 TV kanala',
      '72 sata unazad',
      'Snimač',
      'Omiljeni i preporuke',
      'Hiljade naslova u videotekama',
      '2 ili 4 uređaja istovremeno',
      'Bez ugovora',
    ]);
    expect(
      benefits.getByText('Usluga je dostupna za gledanje samo na teritoriji Bosne i Hercegovine.'),
    ).toBeInTheDocument();

    const apps = within(screen.getByRole('region', { name: 'Preuzmi aplikaciju' }));
    expect(apps.getAllByRole('link').map((link) => link.querySelector('img')?.getAttribute('alt'))).toEqual([
      'Preuzmi za Android TV',
      'Preuzmi na Google Play',
      'Preuzmi na App Store',
      'Preuzmi na AppGallery',
    ]);
    expect(
      apps.getByText('Nakon pretplate gledaj u aplikaciji za mobitel, tablet ili Android TV.'),
    ).toBeInTheDocument();
  });
});
