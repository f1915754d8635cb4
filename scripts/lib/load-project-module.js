'use strict';
// Shared by the scripts: a module of src/ (e.g. 'prisma/migrator'), from dist/ when the build is up to date,
// else the TypeScript source through ts-node.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

function loadProjectModule(mod) {
  const src = path.join(root, 'src', `${mod}.ts`);
  const built = [path.join(root, 'dist', `${mod}.js`), path.join(root, 'dist', 'src', `${mod}.js`)].find((f) => fs.existsSync(f));
  if (built && (!fs.existsSync(src) || fs.statSync(built).mtimeMs >= fs.statSync(src).mtimeMs)) return require(built);
  require('ts-node').register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
  return require(src);
}

module.exports = { root, loadProjectModule };
