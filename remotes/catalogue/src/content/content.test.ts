import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { appsFileSchema, channelsFileSchema, faqFileSchema, plansFileSchema, sliderFileSchema } from './schemas';

const contentDir = path.join(__dirname, '..', '..', 'content');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8'));
const exists = (file: string) => fs.existsSync(path.join(contentDir, file));

describe('the editable content files', () => {
  it('slider.json matches its schema and every image is shipped', () => {
    const { slides } = sliderFileSchema.parse(read('slider.json'));
    for (const slide of slides) {
      expect(exists(slide.landscape)).toBe(true);
      expect(exists(slide.portrait)).toBe(true);
    }
  });

  it('channels.json lists well over 150 channels, each with its own image', () => {
    const { channels } = channelsFileSchema.parse(read('channels.json'));
    expect(channels.length).toBeGreaterThan(150);
    expect(new Set(channels.map((c) => c.name)).size).toBe(channels.length);
    for (const channel of channels) expect([channel.name, exists(channel.landscape)]).toEqual([channel.name, true]);
  });

  it('plans.json matches its schema and its channel counts match channels.json', () => {
    const plans = plansFileSchema.parse(read('plans.json'));
    const { channels } = channelsFileSchema.parse(read('channels.json'));
    expect(plans.plans.starton.numChannels).toBe(channels.filter((c) => c.start).length);
    expect(plans.plans.maxon.numChannels).toBe(channels.filter((c) => c.max).length);
  });

  it('apps.json names the four app stores, each with its badge', () => {
    const { apps } = appsFileSchema.parse(read('apps.json'));
    expect(apps.map((a) => a.platform)).toEqual([
      'Android TV',
      'Android telefon i tablet',
      'iPhone i iPad',
      'Huawei uređaji',
    ]);
    for (const app of apps) expect(exists(app.badge)).toBe(true);
  });

  it('faq.json and the three legal texts are present', () => {
    expect(faqFileSchema.parse(read('resources/faq.json')).length).toBeGreaterThan(0);
    for (const file of ['terms.html', 'use-terms.html', 'privacy.html']) {
      expect(fs.readFileSync(path.join(contentDir, 'resources', file), 'utf8')).toMatch(/<h1>[^<]+<\/h1>/);
    }
  });

  it('refuses the edits an editor could get wrong', () => {
    expect(
      sliderFileSchema.safeParse({
        slides: [{ landscape: 'https://cdn.example.com/a.jpg', portrait: 'images/a.svg', alt: 'x' }],
      }).success,
    ).toBe(false);
    expect(
      sliderFileSchema.safeParse({
        slides: [
          {
            landscape: 'images/a.svg',
            portrait: 'images/a.svg',
            alt: 'x',
            link: { href: 'javascript:alert(1)', text: 'x', position: 'left' },
          },
        ],
      }).success,
    ).toBe(false);
    expect(
      channelsFileSchema.safeParse({ channels: [{ name: 'X', landscape: 'images/x.svg', start: 'da', max: true }] })
        .success,
    ).toBe(false);
    const plans = read('plans.json') as { list: string[] };
    expect(plansFileSchema.safeParse({ ...plans, list: [...plans.list, 'gold'] }).success).toBe(false);
    expect(faqFileSchema.safeParse([{ q: 'Pitanje?' }]).success).toBe(false);
  });
});
