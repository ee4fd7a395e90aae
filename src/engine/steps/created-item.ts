/**
 * Where a create put the new item when its answer names no id at the top (nor a `Location`, nor `_links.self`): a
 * product may answer a create in a shape its route's own schema declares, the new item inside it (an activity
 * comment create answers `{ "created": …, "comments": [ … ] }`). The item is the one object of the answer that
 * shows what the run wrote; else the one item of the list, narrowed to what the run wrote, that shows it. Only when
 * neither holds it is the id missing (`stateful_sequence` then fails the create).
 */
import { idText, type StepAnswer } from '../../checks/stateful/step-answer.js';
import type { Operation } from '../../descriptor/types.js';
import type { ResourceFamily } from '../../resources/index.js';
import type { StepScript } from './step-script.js';

/** How deep into an answer the new item is looked for. */
const MAX_DEPTH = 4;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text values the create wrote that carry the run's token: what only the new item can show. */
function writtenTexts(body: Record<string, unknown>, token: string): Array<[string, string]> {
  const lower = token.toLowerCase();
  return Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].toLowerCase().includes(lower));
}

/** Whether `shown` is the written text: as sent, as `{raw}`, or inside its `rendered` HTML. */
function showsText(shown: unknown, written: string): boolean {
  if (typeof shown === 'string') return shown === written || shown.includes(written);
  if (!isObject(shown)) return false;
  return shown.raw === written || (typeof shown.rendered === 'string' && shown.rendered.includes(written));
}

/** Whether an item shows every text the run wrote that it shows a field for, and at least one. */
function showsWritten(item: Record<string, unknown>, texts: ReadonlyArray<[string, string]>): boolean {
  const shown = texts.filter(([field]) => field in item);
  return shown.length > 0 && shown.every(([field, text]) => showsText(item[field], text));
}

/** The ids of the objects in `json` (to `MAX_DEPTH`) that carry an id and show what the run wrote. */
function idsShowing(json: unknown, idField: string, texts: ReadonlyArray<[string, string]>, depth = 0): Set<string> {
  const found = new Set<string>();
  if (depth > MAX_DEPTH) return found;
  const children = Array.isArray(json) ? json : isObject(json) ? Object.values(json) : [];
  if (isObject(json)) {
    const id = idText(json[idField]);
    if (id !== undefined && showsWritten(json, texts)) found.add(id);
  }
  for (const child of children) for (const id of idsShowing(child, idField, texts, depth + 1)) found.add(id);
  return found;
}

/** The new item's id inside the create's answer: the one object there that shows what the run wrote. */
export function idInsideAnswer(answer: StepAnswer, family: ResourceFamily, body: Record<string, unknown>, token: string): string | undefined {
  const texts = writtenTexts(body, token);
  if (texts.length === 0) return undefined;
  const ids = idsShowing(answer.json, family.idField, texts);
  return ids.size === 1 ? [...ids][0] : undefined;
}

/**
 * The new item's id from its list, narrowed to what the run wrote (its search token, its parent's filters): the one
 * item that shows what the run wrote. Undefined when the list is not narrowed so, or holds none or several.
 */
export async function idInList(
  script: StepScript,
  family: ResourceFamily,
  list: Operation | undefined,
  collectionPath: Record<string, string>,
  body: Record<string, unknown>,
  parentIds: Record<string, string>,
  token: string,
): Promise<string | undefined> {
  const texts = writtenTexts(body, token);
  if (list === undefined || texts.length === 0 || family.list === undefined) return undefined;
  const query: Record<string, unknown> = {};
  for (const [filter, arg] of Object.entries(family.list.filters)) {
    const value = body[arg] ?? parentIds[arg];
    if (value !== undefined) query[filter] = value;
  }
  if (family.list.search) query.search = token.toLowerCase();
  if (family.list.perPage !== undefined) query.per_page = family.list.perPage;
  const answer = await script.send(list, { path: collectionPath, query });
  const items = Array.isArray(answer.json) ? answer.json.filter(isObject) : [];
  const ids = new Set(items.filter((item) => showsWritten(item, texts)).flatMap((item) => idText(item[family.idField]) ?? []));
  return ids.size === 1 ? [...ids][0] : undefined;
}
