// The ES-module-only packages in a package's dependency tree. Node 20 requires
// them natively; jest cannot, so it compiles these (and only these) with swc.
const fs = require('node:fs');
const path = require('node:path');

function packageDir(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(manifest)) return path.dirname(manifest);
    if (dir === path.dirname(dir)) return null;
  }
}

function esmPackages(root, name) {
  const seen = new Set();
  const esm = new Set();
  const walk = (dir) => {
    if (!dir || seen.has(dir)) return;
    seen.add(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (manifest.type === 'module') esm.add(manifest.name);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) walk(packageDir(dependency, dir));
  };
  walk(packageDir(name, root));
  return [...esm];
}

module.exports = { esmPackages };
