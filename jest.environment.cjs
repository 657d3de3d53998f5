// jsdom lacks the fetch API that react-router's data router uses: lend it Node's own. Node's Request
// checks that a signal is Node's AbortSignal (strictly from Node 22 on), so the abort classes come
// from Node too: a page's AbortController and the Request it feeds must be of one realm, as in a browser.
const { TestEnvironment } = require('jest-environment-jsdom');

const MISSING_IN_JSDOM = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];
const SAME_REALM_AS_FETCH = ['AbortController', 'AbortSignal'];

class JsdomWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of MISSING_IN_JSDOM) {
      if (typeof this.global[name] === 'undefined') this.global[name] = globalThis[name];
    }
    for (const name of SAME_REALM_AS_FETCH) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetch;
