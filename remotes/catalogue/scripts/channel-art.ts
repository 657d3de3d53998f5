/**
 * Draws the landscape artwork (16:9 SVG) of every channel in content/channels.json that has none yet:
 * our own generated tiles, never third-party logos. `--all` redraws every tile.
 *   npm run channel-art -w @portal/catalogue [-- --all]
 */
import fs from 'node:fs';
import path from 'node:path';

const contentDir = path.join(__dirname, '..', 'content');
const PALETTE: ReadonlyArray<readonly [string, string]> = [
  ['#1d4ed8', '#0b1f5c'],
  ['#059669', '#064e3b'],
  ['#b91c1c', '#450a0a'],
  ['#d97706', '#78350f'],
  ['#db2777', '#500724'],
  ['#7c3aed', '#2e1065'],
  ['#0891b2', '#083344'],
  ['#4d7c0f', '#1a2e05'],
];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Room for the name: the tile's 320 units less a margin on each side. */
const TEXT_WIDTH = 288;
/**
 * A bold sans-serif letter's average width, in ems, with room to spare: DejaVu Sans Bold (Linux's
 * stand-in for Arial) measures about 0.66, Arial about 0.6.
 */
const LETTER_EM = 0.7;

/** One tile: a two-colour gradient, a soft ring and the channel name, sized to fit in any of those fonts. */
function channelSvg(name: string): string {
  const [light, dark] = PALETTE[hash(name) % PALETTE.length]!;
  const fontSize = Math.max(16, Math.min(44, Math.floor(TEXT_WIDTH / (name.length * LETTER_EM))));
  const ringX = 60 + (hash(`${name}x`) % 200);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#g)"/>
<circle cx="${ringX}" cy="150" r="120" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="18"/>
<text x="160" y="${90 + fontSize / 3}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${escapeXml(name)}</text>
</svg>
`;
}

function main(): void {
  const all = process.argv.includes('--all');
  const data = JSON.parse(fs.readFileSync(path.join(contentDir, 'channels.json'), 'utf8')) as {
    channels: Array<{ name: string; landscape: string }>;
  };
  let written = 0;
  for (const channel of data.channels) {
    const file = path.join(contentDir, channel.landscape);
    if (!all && fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, channelSvg(channel.name));
    written += 1;
  }
  console.info(`${written} channel tile(s) written under ${path.relative(process.cwd(), contentDir)}`);
}

if (require.main === module) main();
