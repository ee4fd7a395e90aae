/** Writing an export's files under an output folder. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ExportFile } from './types.js';

/** Writes each file under `dir` (folders created as needed) and returns the paths written, in order. */
export async function writeExportFiles(dir: string, files: readonly ExportFile[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const path = join(dir, ...file.path.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content, 'utf8');
    written.push(path);
  }
  return written;
}
