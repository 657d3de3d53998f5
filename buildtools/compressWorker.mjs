// One thread of buildtools/compress.ts: writes each file's pre-compressed copies beside it. Plain
// JavaScript, as a worker thread does not inherit the TypeScript loader of the process that starts it.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import zopfli from '@gfx/zopfli';

/** Scripts and styles gzip-encoded by zopfli: about 3 % smaller than zlib's best (the budgets are gzip). */
const ZOPFLI = /\.(js|css)$/;

function gzip(file, input) {
  if (!ZOPFLI.test(file)) return Promise.resolve(zlib.gzipSync(input, { level: zlib.constants.Z_BEST_COMPRESSION }));
  return new Promise((resolve, reject) =>
    zopfli.gzip(input, { numiterations: 1 }, (error, output) => (error ? reject(error) : resolve(output))),
  );
}

const brotli = (input) =>
  zlib.brotliCompressSync(input, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });

/** Written under another name and renamed: a server reading the folder meanwhile sees a whole file or none. */
function write(target, output, input, minRatio) {
  if (output.length / input.length > minRatio) {
    fs.rmSync(target, { force: true });
    return;
  }
  const partial = `${target}.${process.pid}.partial`;
  fs.writeFileSync(partial, output);
  fs.renameSync(partial, target);
}

async function main() {
  const { files, minRatio } = workerData;
  for (const file of files) {
    const input = fs.readFileSync(file);
    write(`${file}.br`, brotli(input), input, minRatio);
    write(`${file}.gz`, await gzip(file, input), input, minRatio);
  }
}

await main();
parentPort.postMessage('done');
