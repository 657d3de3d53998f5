/**
 * `npm start`: builds whatever app is missing or out of date, then serves the portal and the API
 * (embedded database unless DATABASE_URL is set) at http://localhost:8080 (PORT overrides).
 */
import { buildStaleApps } from './freshness';

try {
  buildStaleApps();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

void import('../main');
