import { resourceQuery } from '../resources/resourceQuery';
import { sanitizeLegalHtml } from './sanitize';

/** A legal text of the resources (`terms.html`), sanitised; the legal pages and the subscribe page share it. */
export const legalTextQuery = (file: string) =>
  resourceQuery(file, async (response) => sanitizeLegalHtml(await response.text()));
