// The web tier holds both apps, and `@/` is the src/ of whichever app the importing file is in: a
// moduleNameMapper maps by the import alone, so the importer's folder picks the app here.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const apps = ['web-store', 'web-admin'];

module.exports = (request, options) => {
  if (request.startsWith('@/')) {
    const app = apps.find((name) => !path.relative(path.join(root, name), options.basedir).startsWith('..'));
    if (!app) throw new Error(`${request}: only files in ${apps.join(' and ')} import through @/`);
    return options.defaultResolver(path.join(root, app, 'src', request.slice(2)), options);
  }
  return options.defaultResolver(request, options);
};
