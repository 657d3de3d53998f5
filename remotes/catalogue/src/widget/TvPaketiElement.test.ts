import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/dom';
import { defineTvPaketi, TvPaketiElement, WIDGET_TAG } from './TvPaketiElement';

const plans = [
  { code: 'starton', name: 'StartON', price: 14.9, promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }] },
  { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
];

function answerPlans(reply: () => Response) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => reply());
}

async function mount(attributes: Record<string, string>) {
  const element = document.createElement(WIDGET_TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const shadow = element.shadowRoot!;
  await waitFor(() => expect(shadow.querySelector('.note')).not.toBeNull());
  return shadow;
}

beforeAll(() => defineTvPaketi());
afterEach(() => document.body.replaceChildren());

describe('<tv-paketi>', () => {
  it('is defined once, however many times it is asked for', () => {
    defineTvPaketi();
    expect(customElements.get(WIDGET_TAG)).toBe(TvPaketiElement);
  });

  it('renders the package cards in its shadow root from the API it is pointed at, linking to the portal', async () => {
    const fetch = answerPlans(() => Response.json(plans));
    const shadow = await mount({ 'api-url': 'https://api.ontv.ba/api/', 'portal-url': 'https://portal.ontv.ba' });
    expect(fetch).toHaveBeenCalledWith('https://api.ontv.ba/api/ontv/plans', expect.anything());
    expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['StartON', 'MaxON']);
    expect(shadow.textContent).toContain('Besplatan promo period 14 dana!');
    expect(shadow.textContent).toContain('14,90 KM');
    expect(shadow.textContent).toContain('24,90 KM');
    const links = [...shadow.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Pogledaj listu kanala', 'https://portal.ontv.ba/tv-kanali?paket=starton'],
      ['PRETPLATI SE', 'https://portal.ontv.ba/pretplati-se?paket=starton'],
      ['Pogledaj listu kanala', 'https://portal.ontv.ba/tv-kanali?paket=maxon'],
      ['PRETPLATI SE', 'https://portal.ontv.ba/pretplati-se?paket=maxon'],
    ]);
    expect(document.body.querySelector('h3')).toBeNull();
  });

  it('shows one package when told to, and follows attribute changes', async () => {
    answerPlans(() => Response.json(plans));
    const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba', paket: 'maxon' });
    expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['MaxON']);
    shadow.host.setAttribute('paket', 'starton');
    await waitFor(() => expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['StartON']));
  });

  it('still shows the packages with a notice when the API fails or answers nonsense', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const reply of [() => new Response('down', { status: 503 }), () => Response.json({ plans: 'none' })]) {
      jest.spyOn(globalThis, 'fetch').mockImplementation(async () => reply());
      const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba' });
      expect(shadow.querySelector('[role="alert"]')?.textContent).toContain('Cijene i promocije trenutno nisu dostupne.');
      expect(shadow.querySelectorAll('h3')).toHaveLength(2);
      expect(shadow.textContent).toContain('Cijena trenutno nije dostupna');
      document.body.replaceChildren();
    }
  });

  it('never turns API text into markup', async () => {
    answerPlans(() => Response.json([{ ...plans[1], promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 3 }], name: '<img src=x onerror=alert(1)>' }]));
    const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba' });
    expect(shadow.querySelector('img')).toBeNull();
  });
});
