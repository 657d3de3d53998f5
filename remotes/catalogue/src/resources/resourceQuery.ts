import { queryOptions } from '@portal/shared';
import { publicUrl } from '../content/publicUrl';

/** Fetches a file the catalogue ships under `resources/`; a failed answer throws. */
async function fetchResource(file: string, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(publicUrl(`resources/${file}`), { signal });
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response;
}

/**
 * A static resource the catalogue ships under `resources/` (product.md §2, Public: editable files), fetched at
 * run time so an editor's change needs no rebuild. `read` turns the response into a value or throws; one
 * file is read one way.
 */
export const resourceQuery = <T>(file: string, read: (response: Response) => Promise<T>) =>
  queryOptions({
    queryKey: ['resource', file],
    queryFn: async ({ signal }) => read(await fetchResource(file, signal)),
    staleTime: 5 * 60_000,
  });
