import { useCallback } from 'react';
import { useLoad } from '@portal/shared';
import { publicUrl } from '../content/publicUrl';

/** Fetches a file the catalogue ships under `resources/`; a failed answer throws. */
export async function fetchResource(file: string): Promise<Response> {
  const response = await fetch(publicUrl(`resources/${file}`));
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response;
}

/**
 * A static resource the catalogue ships under `resources/` (product.md §2, Public: editable files), fetched at run time
 * so an editor's change needs no rebuild. `read` (module-level) turns the response into a value or
 * throws. A page that shows another file is another page: give it a `key` so its state starts afresh.
 */
export function useResource<T>(file: string, read: (response: Response) => Promise<T>) {
  const load = useCallback(async () => read(await fetchResource(file)), [file, read]);
  return useLoad(load, `Resource ${file}`);
}
