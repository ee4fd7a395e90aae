/** Finds files shipped with the package (config profiles and schema), from `src/` under vitest or `dist/`. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `fromUrl` that holds a package.json. */
export function packageRoot(fromUrl: string = import.meta.url): string {
  let folder = dirname(fileURLToPath(fromUrl));
  for (;;) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json above ${fileURLToPath(fromUrl)}`);
    folder = parent;
  }
}

/** The package's `config/` folder: profiles (`default.yaml`, `ci.yaml`, `fuzz.yaml`) and `schema.json`. */
export function configDir(): string {
  return join(packageRoot(), 'config');
}
