import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { waitFor } from '@testing-library/dom';
import { defineTvPaketi, TvPaketiElement, WIDGET_TAG } from './TvPaketiElement';

const plans = [
  {
    code: 'starton',
    name: 'StartON',
    price: 14.9,
    promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 14 }],
  },
  { code: 'maxon', name: 'MaxON', price: 24.9, promos: [] },
];

/** The day is `now`: only the clock is faked, testing-library's waits keep the real timers. */
const fakeClock = (now: Date) =>
  jest.useFakeTimers({
    now,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
    ],
  });

function answerPlans(reply: () => Response) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async () => reply());
}

async function mount(attributes: Record<string, string>) {
  const element = document.createElement(WIDGET_TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const shadow = element.shadowRoot!;
  await waitFor(() => expect(element.hasAttribute('aria-busy')).toBe(false));
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
    await waitFor(() => expect(shadow.host.hasAttribute('aria-busy')).toBe(false));
    await waitFor(() => expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['StartON']));
  });

  it('still shows the packages with a notice when the API fails or answers nonsense', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const reply of [() => new Response('down', { status: 503 }), () => Response.json({ plans: 'none' })]) {
      jest.spyOn(globalThis, 'fetch').mockImplementation(async () => reply());
      const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba' });
      expect(shadow.querySelector('[role="alert"]')?.textContent).toContain(
        'Cijene i promocije trenutno nisu dostupne.',
      );
      expect(shadow.querySelector('[role="alert"] button')?.textContent).toBe('Pokušaj ponovo');
      expect(shadow.querySelectorAll('h3')).toHaveLength(2);
      expect(shadow.textContent).toContain('Cijena trenutno nije dostupna');
      document.body.replaceChildren();
    }
  });

  it('shows a campaign started in the console with its end date, and drops it once the campaign has ended', async () => {
    // The plans call as the API answers it: every campaign of the package, the one running ACTIVE.
    const until = (day: string, status: string) => ({
      status,
      promoType: 'TIME_UNTIL_BASED',
      durationUntil: day,
      durationDays: null,
    });
    const maxon = (promos: unknown[]) => [{ ...plans[1], promos }];
    fakeClock(new Date('2026-11-27T10:00:00Z'));
    try {
      answerPlans(() => Response.json(maxon([until('2027-03-31', 'ENDED'), until('2027-01-31', 'ACTIVE')])));
      const running = await mount({ paket: 'maxon' });
      expect(running.querySelector('[part~="ribbon"]')?.textContent).toBe('Besplatan promo period do 31.1.2027.');
      document.body.replaceChildren();

      answerPlans(() => Response.json(maxon([until('2027-03-31', 'ENDED'), until('2027-01-31', 'ENDED')])));
      const ended = await mount({ paket: 'maxon' });
      expect(ended.querySelector('[part~="ribbon"]')).toBeNull();
      expect(ended.textContent).not.toContain('Besplatan promo period');

      // A campaign whose last day is over is gone too, whatever the answer still says.
      jest.setSystemTime(new Date('2027-02-01T10:00:00Z'));
      answerPlans(() => Response.json(maxon([until('2027-01-31', 'ACTIVE')])));
      const over = await mount({ paket: 'maxon' });
      expect(over.querySelector('[part~="ribbon"]')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('never turns API text into markup', async () => {
    answerPlans(() =>
      Response.json([
        {
          ...plans[1],
          promos: [{ status: 'ACTIVE', promoType: 'DURATION_BASED', durationUntil: null, durationDays: 3 }],
          name: '<img src=x onerror=alert(1)>',
        },
      ]),
    );
    const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba' });
    expect(shadow.querySelector('img')).toBeNull();
  });

  it('tells the page when the packages are shown, once, and shows them while the prices load', async () => {
    let answer: (value: Response) => void = () => undefined;
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const loads: unknown[] = [];
    document.addEventListener('tv-paketi-load', (event) => loads.push((event as CustomEvent).detail), { once: false });
    const element = document.createElement(WIDGET_TAG);
    document.body.append(element);
    const shadow = element.shadowRoot!;
    // Before the API answers: the cards from the bundled descriptions, their prices held.
    expect([...shadow.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['StartON', 'MaxON']);
    expect(shadow.querySelector('a.button')).toBeNull();
    answer(Response.json(plans));
    await waitFor(() => expect(element.hasAttribute('aria-busy')).toBe(false));
    expect(loads).toEqual([
      {
        packages: [
          { code: 'starton', name: 'StartON', priceKM: 14.9 },
          { code: 'maxon', name: 'MaxON', priceKM: 24.9 },
        ],
      },
    ]);
  });

  it('tells the page the API failed, with a retry that loads again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('down', { status: 503 }));
    const errors: Event[] = [];
    const loads: Event[] = [];
    document.addEventListener('tv-paketi-error', (event) => errors.push(event));
    document.addEventListener('tv-paketi-load', (event) => loads.push(event));
    const shadow = await mount({});
    expect(errors).toHaveLength(1);
    expect((errors[0] as CustomEvent).detail).toEqual({
      message: 'Cijene i promocije trenutno nisu dostupne. Prikazujemo opis paketa; pokušaj ponovo za koji trenutak.',
    });
    expect(errors[0]!.bubbles && errors[0]!.composed).toBe(true);
    fetch.mockImplementation(async () => Response.json(plans));
    (shadow.querySelector('[role="alert"] button') as HTMLButtonElement).click();
    await waitFor(() => expect(loads).toHaveLength(1));
    expect(shadow.querySelector('[role="alert"]')).toBeNull();
  });

  it('asks the page before going to the portal: a cancelled select stays, and ref goes along', async () => {
    answerPlans(() => Response.json(plans));
    const shadow = await mount({ 'portal-url': 'https://portal.ontv.ba', ref: '  naslovna-baner & jesen  ' });
    const button = shadow.querySelector('a[part="button"]') as HTMLAnchorElement;
    expect(button.getAttribute('href')).toBe(
      'https://portal.ontv.ba/pretplati-se?paket=starton&ref=naslovna-baner%20%26%20jesen',
    );
    const selected: CustomEvent[] = [];
    const cancel = (event: Event) => {
      selected.push(event as CustomEvent);
      event.preventDefault();
    };
    document.addEventListener('tv-paketi-select', cancel);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
    button.dispatchEvent(click);
    expect(selected.map((e) => e.detail)).toEqual([{ code: 'starton', name: 'StartON', priceKM: 14.9 }]);
    expect(selected[0]!.cancelable).toBe(true);
    expect(click.defaultPrevented).toBe(true);
    document.removeEventListener('tv-paketi-select', cancel);
    // Not cancelled: the widget leaves the link to go (the test stops it at the document: jsdom cannot navigate).
    let prevented: boolean | null = null;
    const stop = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', stop);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    document.removeEventListener('click', stop);
    expect(prevented).toBe(false);
  });

  it('takes only https: and http: addresses: anything else falls back to the default, with a warning', async () => {
    const fetch = answerPlans(() => Response.json(plans));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hostile = [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      ' \n JaVaScRiPt:\talert(1)',
      'java\nscript:alert(1)',
      '//evil.example/x',
    ];
    for (const url of hostile) {
      warn.mockClear();
      fetch.mockClear();
      const shadow = await mount({ 'portal-url': url, 'api-url': url });
      const hrefs = [...shadow.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(hrefs).toHaveLength(4);
      for (const href of hrefs) expect(href).toMatch(new RegExp(`^${window.location.origin}/`));
      expect(fetch).toHaveBeenCalledWith(`${window.location.origin}/api/ontv/plans`, expect.anything());
      expect(warn.mock.calls.map(([line]) => line)).toEqual([
        '<tv-paketi>: portal-url must be an https: or http: URL; the default is used',
        '<tv-paketi>: api-url must be an https: or http: URL; the default is used',
      ]);
      document.body.replaceChildren();
    }
    warn.mockClear();
    for (const portal of ['https://portal.ontv.ba', 'http://portal.ontv.ba']) {
      fetch.mockClear();
      const shadow = await mount({ 'portal-url': ` ${portal}/ `, 'api-url': 'http://api.ontv.ba/api' });
      expect(shadow.querySelector('a')?.getAttribute('href')).toBe(`${portal}/tv-kanali?paket=starton`);
      expect(fetch).toHaveBeenCalledWith('http://api.ontv.ba/api/ontv/plans', expect.anything());
      document.body.replaceChildren();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('passes at most 200 characters of ref, and names its parts for the page to style', async () => {
    answerPlans(() => Response.json(plans));
    const shadow = await mount({ ref: 'x'.repeat(300) });
    expect(new URL((shadow.querySelector('a[part="button"]') as HTMLAnchorElement).href).searchParams.get('ref')).toBe(
      'x'.repeat(200),
    );
    for (const part of ['card', 'ribbon', 'name', 'price', 'button', 'channel-link'])
      expect(shadow.querySelector(`[part~="${part}"]`)).not.toBeNull();
  });

  it('cuts ref by characters, never inside an emoji, and shows the packages', async () => {
    answerPlans(() => Response.json(plans));
    // 199 letters and a flag: the 200th character is two UTF-16 units (a surrogate pair) of four.
    const shadow = await mount({ ref: `${'x'.repeat(199)}📺🇧🇦` });
    expect(shadow.textContent).not.toContain('Učitavam pakete');
    const ref = new URL((shadow.querySelector('a[part="button"]') as HTMLAnchorElement).href).searchParams.get('ref');
    expect(ref).toBe(`${'x'.repeat(199)}📺`);
  });
});
