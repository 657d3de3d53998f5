import { describe, expect, it } from '@jest/globals';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { scriptStore } from '@portal/shared';
import { usePageScript } from './usePageScript';

function Shell({ children }: { children: ReactNode }) {
  usePageScript();
  return <div>{children}</div>;
}

const choose = (script: 'latin' | 'cyrillic') => act(() => scriptStore.getState().choose(script));

describe('the page in Cyrillic', () => {
  it('leaves what a visitor types, code, drawings and what is marked translate="no" as they are', async () => {
    render(
      <Shell>
        <label>
          Ime i prezime <input defaultValue="Džemal Hodžić" placeholder="Unesi ime" />
        </label>
        <textarea aria-label="Poruka" defaultValue="Poruka za ljubav" />
        <p>
          Kanal <span translate="no">Hayat TV</span> je u paketu
        </p>
        <code>lj nj dž</code>
        <svg aria-hidden="true">
          <text>Ljubav</text>
        </svg>
        <img alt="Slika dana" src="data:," />
      </Shell>,
    );
    await choose('cyrillic');

    const name = screen.getByRole('textbox', { name: 'Име и презиме' });
    expect(name).toHaveValue('Džemal Hodžić');
    expect(name).toHaveAttribute('placeholder', 'Унеси име');
    expect(screen.getByRole('textbox', { name: 'Порука' })).toHaveValue('Poruka za ljubav');
    expect(screen.getByText('Hayat TV')).toBeInTheDocument();
    expect(screen.getByText(/^Канал/)).toHaveTextContent('Канал Hayat TV је у пакету');
    expect(screen.getByText('lj nj dž')).toBeInTheDocument();
    expect(screen.getByText('Ljubav')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Слика дана' })).toBeInTheDocument();

    await choose('latin');
    expect(screen.getByRole('textbox', { name: 'Ime i prezime' })).toHaveAttribute('placeholder', 'Unesi ime');
    expect(screen.getByRole('img', { name: 'Slika dana' })).toBeInTheDocument();
  });

  it('shows in Cyrillic what React writes later, and puts back the Latin React wrote meanwhile', async () => {
    function Counter() {
      const [shown, setShown] = useState(false);
      return (
        <Shell>
          <button type="button" title={shown ? 'Sakrij poruku' : 'Prikaži poruku'} onClick={() => setShown(!shown)}>
            {shown ? 'Sakrij' : 'Prikaži'}
          </button>
          {shown && <p>Ljubazna poruka</p>}
        </Shell>
      );
    }
    const user = userEvent.setup();
    render(<Counter />);
    await choose('cyrillic');
    await user.click(screen.getByRole('button', { name: 'Прикажи' }));
    expect(screen.getByText('Љубазна порука')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сакриј' })).toHaveAttribute('title', 'Сакриј поруку');

    await choose('latin');
    expect(screen.getByText('Ljubazna poruka')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sakrij' }));
    expect(screen.getByRole('button', { name: 'Prikaži' })).toHaveAttribute('title', 'Prikaži poruku');
  });

  it('waits for a page the server drew to be hydrated, its lazy parts too, before changing a text of it', async () => {
    const Page = () => <p>Stranica sa servera</p>;
    const LazyPage = lazy(async () => ({ default: Page }));
    const App = ({ page }: { page: ReactNode }) => (
      <Shell>
        <h1>Zaglavlje</h1>
        <Suspense fallback={<span>Učitavanje</span>}>{page}</Suspense>
      </Shell>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(<App page={<Page />} />);
    document.body.append(container);
    scriptStore.getState().choose('cyrillic');

    // A text of the lazy page changed before React claims it would fail its hydration (jest.setup.ts
    // fails the test on React's console.error).
    const root = await act(async () => hydrateRoot(container, <App page={<LazyPage />} />));
    await waitFor(() => expect(screen.getByText('Страница са сервера')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Заглавље' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'bs-Cyrl');

    await act(async () => root.unmount());
    container.remove();
  });
});
