// Runs one CommonJS file of the bundle (bin/bundle.mjs: cli.bundle.cjs, render-worker.bundle.cjs) with a V8 code cache,
// so a process or thread skips compiling it. In: the file. Out: its module's exports; globalThis.__quireCodeCache.
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

/**
 * Where the code cache of `file` may be: beside it (a checkout's .quire-cache/, or an installed
 * package's dist/ when it is writable), else in the user's own cache folder (XDG_CACHE_HOME or
 * ~/.cache, quire/). Never a shared folder such as /tmp: V8 trusts its cache's bytecode. The name
 * carries Node's version and the architecture, and V8 checks the source and its flags itself.
 */
function cachePlaces(file) {
  const name = `${path.basename(file)}.${process.version}-${process.arch}.v8-cache`;
  const home = process.env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), '.cache') : null);
  const places = [path.join(path.dirname(file), name)];
  if (home) places.push(path.join(home, 'quire', `${createHash('sha256').update(file).digest('hex').slice(0, 16)}-${name}`));
  return places;
}

/**
 * Compiles `file` (a function expression `(function (exports, require, module, __filename,
 * __dirname) { … })`) and runs it as a CommonJS module, with the first code cache found (V8 ignores one that does
 * not match: another build, Node or flag set), runs it and returns its exports. Sets
 * globalThis.__quireCodeCache.save(): writes the bytecode compiled so far (temporary file +
 * rename, into the first place that takes it) when no cache was used, or when it has grown by a
 * tenth over the one used or last written (a cache made by `quire --help` lacks the server's
 * functions). A process's main thread also saves at exit when it used no cache (a command run once).
 */
function runBundle(file) {
  const source = readFileSync(file, 'utf8');
  const places = cachePlaces(file);
  let cachedData;
  for (const p of places) {
    try {
      cachedData = readFileSync(p);
      break;
    } catch { /* not there */ }
  }
  // the file is its own module wrapper (bin/bundle.mjs): V8 keeps this one copy of the text
  const script = new vm.Script(source, { filename: file, cachedData });
  const used = cachedData !== undefined && !script.cachedDataRejected ? cachedData.length : 0;
  let best = used;
  const save = () => {
    const data = script.createCachedData();
    if (best > 0 && data.length < best * 1.1) return;
    best = data.length;
    for (const p of places) {
      const tmp = `${p}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        mkdirSync(path.dirname(p), { recursive: true });
        writeFileSync(tmp, data, { flag: 'wx', mode: 0o644 });
        renameSync(tmp, p);
        return;
      } catch {
        try { unlinkSync(tmp); } catch { /* never written */ }
      }
    }
  };
  globalThis.__quireCodeCache = { save };
  if (isMainThread && used === 0) process.once('exit', save);
  const mod = new Module(file, module);
  mod.filename = file;
  script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, path.dirname(file));
  return mod.exports;
}

module.exports = { runBundle };
