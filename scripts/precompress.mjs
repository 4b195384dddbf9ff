// Writes .br (quality 11) and .gz (level 9) next to every text asset in build/client so
// the server can send the smallest encoding without compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = `${process.env.BUILD_DIR ?? "build"}/client/assets`;
let before = 0;
let afterBr = 0;
let afterGz = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const data = readFileSync(join(dir, name));
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gz);
  before += data.length;
  afterBr += br.length;
  afterGz += gz.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed assets: ${kb(before)} -> ${kb(afterGz)} gzip, ${kb(afterBr)} brotli`);
