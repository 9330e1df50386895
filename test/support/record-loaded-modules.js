// Preloaded (`node --require`) into a store process that a test starts: notes
// every module the process asks for, as a resolved path, and writes the list
// to LOADED_MODULES_FILE as the process exits. A request that fails to resolve
// is noted too: in the production image a missing module must not even be tried.
const Module = require('node:module');
const { writeFileSync } = require('node:fs');
const { dirname, resolve } = require('node:path');

const requested = new Set();
const load = Module._load;

Module._load = function (request, parent, isMain) {
  try {
    requested.add(Module._resolveFilename(request, parent, isMain));
  } catch {
    requested.add(parent && request.startsWith('.') ? resolve(dirname(parent.filename), request) : request);
  }
  return load.apply(this, arguments);
};

process.on('exit', () => {
  for (const path of Object.keys(require.cache)) requested.add(path);
  writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify([...requested]));
});
