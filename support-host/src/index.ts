import { SUPPORT_HOST_TEXTS } from './texts';

// The federation runtime and the shared singletons (eager in a host) are in this chunk; the console's
// own code comes from its remote.
import('./bootstrap')
  .then(({ start }) => start())
  .catch((error: unknown) => {
    console.error(error);
    document.getElementById('root')!.textContent = SUPPORT_HOST_TEXTS.cannotStart;
  });
