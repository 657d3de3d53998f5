import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../test/lib/tempDir';
import { supportRemoteOrigins } from '../src/portalConfig';

describe("the support console's pages", () => {
  it("allow the origins its own host's support.config.json names for its remotes, well-formed ones only", () => {
    const root = tempDir('ontv-console-');
    const dist = path.join(root, 'support-host', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'support.config.json'),
      JSON.stringify({
        remoteOrigins: ['https://konzola.ontv.ba', "'unsafe-inline'", 'https://x.ontv.ba/put', 42, 'javascript:x'],
      }),
    );
    assert.deepEqual(supportRemoteOrigins({ portalRoot: root }), ['https://konzola.ontv.ba']);
    fs.writeFileSync(path.join(dist, 'support.config.json'), '{ broken');
    assert.deepEqual(supportRemoteOrigins({ portalRoot: root }), []);
    assert.deepEqual(supportRemoteOrigins({ portalRoot: path.join(root, 'none') }), []);
  });
});
