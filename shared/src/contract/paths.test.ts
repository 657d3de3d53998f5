import { describe, expect, it } from '@jest/globals';
import { isPagePath, paths } from '.';

describe('which paths are pages', () => {
  it('knows every page of the table, with its product and with a trailing slash', () => {
    for (const path of [
      '/',
      '/paketi',
      '/tv-kanali',
      '/privacy-policy/',
      '/nalog',
      '/nalog/promijeni-pin/uspjesno',
      paths.deactivate.href('ontv'),
      paths.invoice.href('ON-1'),
    ]) {
      expect([path, isPagePath(path.split('?')[0]!)]).toEqual([path, true]);
    }
  });

  it('knows no other path, inside a prefix or not', () => {
    for (const path of [
      '/ne-postoji',
      '/nalog/ne-postoji',
      '/paketi/x',
      '/nalogx',
      '/not-found',
      '/nalog/deaktiviraj-',
    ]) {
      expect([path, isPagePath(path)]).toEqual([path, false]);
    }
  });
});
