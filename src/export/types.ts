/** What an export produces: files by path relative to the output folder. */

export interface ExportFile {
  /** Relative to the output folder, with `/` separators. */
  path: string;
  content: string;
}

/** Stable, indented JSON with a final newline: exports are meant to be read and diffed. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
