import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResources, renderCatalogue } from '../testing';
import { sanitizeLegalHtml } from './sanitize';

describe('sanitising the legal texts', () => {
  it('removes scripts, handlers, styles, frames and unsafe links, and keeps the text', () => {
    const html = sanitizeLegalHtml(
      '<h1>Naslov</h1><h2 onclick="alert(1)" style="color:red">Dio</h2><script>alert(1)</script><p>Tekst <a href="javascript:alert(1)">loš</a> <a href="/paketi">dobar</a> <a href="https://ontv.ba">vani</a></p><iframe src="https://x"></iframe><img src=x onerror=alert(1)><style>body{display:none}</style>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|style|iframe|img|javascript|<h1/i);
    expect(html).toContain('<h2>Dio</h2>');
    expect(html).toContain('<a>loš</a>');
    expect(html).toContain('<a href="/paketi">dobar</a>');
    expect(html).toContain('<a href="https://ontv.ba" rel="noopener noreferrer">vani</a>');
  });
});

describe('legal pages', () => {
  it.each([
    ['/uslovi-placanja', 'Uslovi plaćanja', 'terms.html'],
    ['/uslovi-koriscenja', 'Uslovi korištenja', 'use-terms.html'],
    ['/privacy-policy/', 'Politika privatnosti', 'privacy.html'],
  ])('%s shows its resource file under its title', async (path, title, file) => {
    fakeResources({
      [file]: {
        body: `<h1>${title}</h1><h2>Prvi dio</h2><p>Sadržaj iz ${file}<script>window.hacked = true</script></p>`,
      },
    });
    await renderCatalogue(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(`Sadržaj iz ${file}`)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelector('script')).toBeNull();
    expect(document.title).toBe(`${title} | ON TV`);
  });

  it('follows a link to another portal page inside the app', async () => {
    fakeResources({ 'terms.html': { body: '<p>Pogledaj <a href="/pretplati-se">pretplatu</a>.</p>' } });
    const router = await renderCatalogue('/uslovi-placanja');
    await userEvent.click(await screen.findByRole('link', { name: 'pretplatu' }));
    expect(router.location.pathname).toBe('/pretplati-se');
    expect(await screen.findByRole('heading', { name: 'Pretplata' })).toBeInTheDocument();
  });
});
