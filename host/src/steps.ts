/**
 * The waits between the steps of the host's start (index.ts): the page's code runs in steps with a
 * pause between them, so no step holds the main thread for long (Total Blocking Time on a phone).
 */

/** A task boundary: the browser may paint and answer input before the next step. */
export const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * After the browser has painted what the server sent (a prerendered page, docs/decisions/031): the
 * first frame does not wait for the code that follows. A tab in the background paints nothing; it goes
 * on after a tenth of a second.
 */
export const painted = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
