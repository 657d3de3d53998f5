/**
 * `npm start`: builds whatever app is missing or out of date while the database opens, then serves the
 * portal and the API (embedded database unless DATABASE_URL is set) at http://localhost:8080 (PORT overrides).
 */
import cluster from 'node:cluster';
import { helpIfAsked } from '../config';
import { buildStaleAppsWhileStarting } from './freshness';
import { buildingMeanwhile } from '../process/built';
import { checkNodeVersion } from './node-version';

const USAGE = `
npm start [-- --help]

Builds whatever app is missing or out of date while the database opens, then serves the portal and
its API at http://localhost:8080: the embedded database under DATA_DIR, or PostgreSQL with DATABASE_URL (then
WORKERS=N runs N API processes on one port). Runs the billing job every BILLING_INTERVAL_MINUTES.
GET /api/health answers while the process is alive, GET /api/ready once the database answers and
its migrations are done. SIGTERM makes ready answer 503 at once, serves on with Connection: close for
up to DRAIN_SECONDS (less when nothing is in flight), finishes what is in flight, then exits 0.`;

checkNodeVersion();

helpIfAsked(USAGE);

// With WORKERS, each API process runs this file again: only the first builds, while the database opens.
if (cluster.isPrimary) {
  buildingMeanwhile(
    buildStaleAppsWhileStarting().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }),
  );
}

void import('../main');
