import { useCallback, useEffect, useState } from 'react';
import { publicUrl } from '../content/publicUrl';

export type ResourceState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * A static resource the catalogue ships under `resources/` (spec 7, Static files), fetched at run time
 * so an editor's change needs no rebuild. `read` turns the response into a value or throws. A page
 * that shows another file is another page: give it a `key` so its state starts afresh.
 */
export function useResource<T>(file: string, read: (response: Response) => Promise<T>): ResourceState<T> & { retry: () => void } {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetch(publicUrl(`resources/${file}`))
      .then((response) => {
        if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
        return read(response);
      })
      .then(
        (value) => live && setState({ status: 'ready', value }),
        (error: unknown) => {
          console.warn(`Resource ${file} could not be loaded`, error);
          if (live) setState({ status: 'failed' });
        },
      );
    return () => {
      live = false;
    };
    // `read` is a module-level function of each page; the file name decides what is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
