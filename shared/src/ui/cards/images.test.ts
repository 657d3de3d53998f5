import fs from 'node:fs';
import path from 'node:path';

/**
 * The payment marks drawn on every page (the footer) and beside saved cards carry their words as
 * outlines, not SVG `<text>`: a browser looks a font up for each SVG image that has text, which cost
 * 12–46 ms of paint on /paketi's main thread (3–7 ms with outlines). The channel tiles are not held
 * to this (channel-art.ts draws them with text).
 */
const FOLDERS = [path.join(__dirname), path.join(__dirname, '../../../../host/src/assets/payments')];

describe('payment marks', () => {
  const files = FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.svg'))
      .map((name) => path.join(folder, name)),
  );

  it('are found', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files.map((file) => [path.basename(file), file]))('%s draws no text element', (_name, file) => {
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/<text\b/);
  });
});
