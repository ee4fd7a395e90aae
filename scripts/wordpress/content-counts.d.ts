/** Each kind of content a WordPress site holds, with the REST list that counts it. */
export const COUNTED: ReadonlyArray<readonly [kind: string, path: string]>;
/** A count per kind; a list that could not be read is a string saying why. */
export type ContentCounts = Record<string, number | string>;
export function contentCounts(wordpress: { baseUrl: string; user: string; password: string }): Promise<ContentCounts>;
export function countChanges(before: ContentCounts, after: ContentCounts): string[];
