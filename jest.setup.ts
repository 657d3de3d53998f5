import '@testing-library/jest-dom/jest-globals';
import { options } from 'preact';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, jest } from '@jest/globals';
import { resetAuthStore, restoreApi } from '@portal/shared/testing';

// An unexpected console.error fails the test (STYLE 13).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  // Nothing leaks into the next test: the page's one store and API client start over.
  resetAuthStore();
  restoreApi();
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.restoreAllMocks();
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ');
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`);
  }
});

// jsdom has <dialog> without its modal methods: open and close it like a browser would.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// Preact runs effects after the next frame (requestAnimationFrame, or a 100 ms timeout), which a test's
// fake timers would hold back for good; here they run once the current work is done, as React's test
// environment does.
options.requestAnimationFrame = (flush: () => void) => {
  void Promise.resolve().then(flush);
};
