import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResources, renderCatalogue } from '../testing';

const faq = [
  { q: 'Mogu li gledati izvan BiH?', a: 'Ne, samo u Bosni i Hercegovini.' },
  { q: 'Da li potpisujem ugovor?', a: 'Ne, otkaži kad god želiš.' },
];

describe('/faq', () => {
  it('lists the questions of faq.json; each opens to its answer', async () => {
    fakeResources({ 'faq.json': { body: JSON.stringify(faq) } });
    await renderCatalogue('/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Česta pitanja' })).toBeInTheDocument();
    const question = await screen.findByText('Mogu li gledati izvan BiH?');
    const item = question.closest('details')!;
    expect(item).not.toHaveAttribute('open');
    await userEvent.click(question);
    expect(item).toHaveAttribute('open');
    expect(screen.getByText('Ne, samo u Bosni i Hercegovini.')).toBeVisible();
    expect(screen.getByText('Da li potpisujem ugovor?').closest('details')).not.toHaveAttribute('open');
  });

  it.each([
    ['the file is missing', { status: 404, body: 'Not found' }],
    ['the file is broken', { body: '[{"q": "Bez odgovora?"}]' }],
  ])('says so and offers a retry when %s', async (_case, file) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = fakeResources({ 'faq.json': file });
    await renderCatalogue('/faq');
    expect(await screen.findByRole('alert')).toHaveTextContent('Pitanja trenutno nije moguće učitati.');
    fetch.mockRestore();
    fakeResources({ 'faq.json': { body: JSON.stringify(faq) } });
    await userEvent.click(screen.getByRole('button', { name: 'Pokušaj ponovo' }));
    expect(await screen.findByText('Da li potpisujem ugovor?')).toBeInTheDocument();
  });
});
