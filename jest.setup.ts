import '@testing-library/jest-dom/jest-globals';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, jest } from '@jest/globals';
import { notifyManager } from '@tanstack/react-query';
import { resetAuthStore, resetQueries, resetScriptStore, restoreApi } from '@portal/shared/testing';

// The query client tells pages of an answer in a microtask, as a resolved promise did before it, rather
// than a timer later: a test's act() then covers the page showing what it loaded.
notifyManager.setScheduler(queueMicrotask);

// An unexpected console.error fails the test: React reports a broken page (a key, an act(), a bad
// prop) only there, and a warning nobody reads is a bug that ships.
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
  resetScriptStore();
  resetQueries();
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

// jsdom's Blob lacks text(), which the API client uses to read the JSON error a file download answers.
if (typeof Blob !== 'undefined' && !Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
