import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/dom';
import { defineTvPaketi, WIDGET_TAG } from './TvPaketiElement';

const plans = [
  {
    code: 'starton',
    name: 'StartON',
    price: 14.9,
    promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }],
  },
  { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
];

async function mount(attributes: Record<string, string>) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(plans));
  const element = document.createElement(WIDGET_TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await waitFor(() => expect(element.hasAttribute('aria-busy')).toBe(false));
  return element.shadowRoot!;
}

/** Every Latin letter of the widget's texts outside what stays as it is (the packages' and libraries' names). */
const latinLeft = (shadow: ShadowRoot) =>
  (shadow.querySelector('.root')?.textContent ?? '')
    .replace(/StartON|MaxON|Epic Drama|Viasat World|AXN Now/g, '')
    .match(/[a-zčćđšž]/gi);

beforeAll(() => defineTvPaketi());
afterEach(() => document.body.replaceChildren());

describe('<tv-paketi pismo>', () => {
  it('shows every text in Cyrillic with pismo="cirilica", the packages and libraries by their names', async () => {
    const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba', pismo: 'cirilica' });
    expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['StartON', 'MaxON']);
    expect(shadow.textContent).toContain('Бесплатан промо период 14 дана!');
    expect(shadow.textContent).toContain('14,90 КМ');
    expect(shadow.textContent).toContain('Epic Drama, Viasat World или AXN Now');
    expect(latinLeft(shadow)).toBeNull();
    const links = [...shadow.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links[0]).toEqual(['Погледај листу канала', 'https://portal.ontv.ba/tv-kanali?paket=starton']);
    expect(links[1]).toEqual(['ПРЕТПЛАТИ СЕ', 'https://portal.ontv.ba/pretplati-se?paket=starton']);
    expect(shadow.querySelector('a[part="button"]')?.getAttribute('aria-label')).toBe('ПРЕТПЛАТИ СЕ: StartON');
    expect(shadow.querySelector('.root')?.getAttribute('lang')).toBe('bs-Cyrl');
  });

  it('stays in Latin without it or with another value, and follows a change of it', async () => {
    for (const pismo of [null, 'latinica', 'cyrillic']) {
      const shadow = await mount(pismo === null ? {} : { pismo });
      expect(shadow.textContent).toContain('Pogledaj listu kanala');
      expect(shadow.querySelector('.root')?.hasAttribute('lang')).toBe(false);
      document.body.replaceChildren();
    }
    const shadow = await mount({ paket: 'maxon' });
    shadow.host.setAttribute('pismo', ' Cirilica ');
    await waitFor(() => expect(shadow.textContent).toContain('ПРЕТПЛАТИ СЕ'));
    await waitFor(() => expect(shadow.host.hasAttribute('aria-busy')).toBe(false));
    expect(latinLeft(shadow)).toBeNull();
    shadow.host.removeAttribute('pismo');
    await waitFor(() => expect(shadow.textContent).toContain('PRETPLATI SE'));
  });
});
