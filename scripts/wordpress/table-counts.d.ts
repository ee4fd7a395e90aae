/** How to reach a WordPress database, from its wp-config.php. */
export interface Database {
  name: string;
  user: string;
  password: string;
  socket: string;
  prefix: string;
}
/** A database's tables and the rows the comparison names; a string saying why it could not be read. */
export type TableSnapshot = { prefix: string; tables: Record<string, number>; rows: Record<string, Record<string, Record<string, string>>> } | string;
/** A row WordPress makes once per site on first use of a feature, with the reason (suites/wordpress/first-use.json). */
export interface FirstUse {
  table: string;
  name: string;
  type?: string;
  taxonomy?: string;
  reason: string;
}
export function databaseOf(docroot: string, fallbackSocket?: string): Database | string;
export function tableCounts(database: Database | string): Promise<TableSnapshot>;
export function tableChanges(before: TableSnapshot, after: TableSnapshot, firstUse?: readonly FirstUse[]): { problems: string[]; allowed: string[] };
export function countLines(before: TableSnapshot, after: TableSnapshot): string[];
