import { DEFAULT_PRODUCT } from '../contract/common';

/** Where the page's API is and which product it serves (portal.config.json), set once at start. */
export const apiSettings = { baseURL: '', product: DEFAULT_PRODUCT };
