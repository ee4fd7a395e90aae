/**
 * The vocabulary of the SEO routes' table: small effects, each changing one field of a record (the SEO
 * settings, or the post a path names) and answering what it changed. A route's answer is `{success: true}`
 * plus its effect's reply.
 */
import { copyJson } from '../../json-copy.js';
import { WpError, type ServerContext, type ServerRequest } from '../../types.js';
import { booleanValue, integerValue, textListValue, textValue } from './request-values.js';
import type { SeoState } from './seo-state.js';

/** What an effect sees. */
export interface SeoActionInput {
  state: SeoState;
  /** The record the route acts on: `state.settings`, or the SEO data of the post the path names. */
  target: Record<string, unknown>;
  /** The request's members (path captures, query and body), as sent: the SEO routes declare none. */
  params: Record<string, unknown>;
  req: ServerRequest;
  ctx: ServerContext;
}

/** Changes the target (or not) and answers the members to add to `{success: true}`. */
export type SeoEffect = (input: SeoActionInput) => Record<string, unknown>;

/** How a request member is read into a stored value. */
export type ValueKind = 'text' | 'integer' | 'boolean';

const READERS: Record<ValueKind, (params: Record<string, unknown>, name: string) => unknown> = {
  text: textValue,
  integer: integerValue,
  boolean: booleanValue,
};

/** 400 for a request member the action cannot do without (the route declares no parameters, so WordPress cannot). */
export function missingMember(member: string, kind = 'value'): WpError {
  return new WpError('seo_missing_parameter', `The ${member} parameter is required and must be a ${kind}.`, 400, { params: [member] });
}

/** Reads a member of kind `kind`, or refuses with 400. */
export function requiredMember(params: Record<string, unknown>, member: string, kind: ValueKind): unknown {
  const value = READERS[kind](params, member);
  if (value === undefined) throw missingMember(member, kind === 'text' ? 'non-empty string' : kind);
  return value;
}

/** Changes nothing and adds nothing: the action is done by answering. */
export function acknowledge(): SeoEffect {
  return () => ({});
}

/** Sets `field` to a fixed value. */
export function setFlag(field: string, value: boolean): SeoEffect {
  return ({ target }) => {
    target[field] = value;
    return { [field]: value };
  };
}

/** Stores request member `member` (required unless `optional`) in `field`. */
export function storeValue(field: string, member: string, kind: ValueKind, optional = false): SeoEffect {
  return ({ target, params }) => {
    const value = optional ? READERS[kind](params, member) : requiredMember(params, member, kind);
    if (value !== undefined) target[field] = value;
    return { [field]: target[field] ?? null };
  };
}

/** Stores member `valueMember` under the key member `keyMember` names, in the map `field`. */
export function storeKeyed(field: string, keyMember: string, valueMember: string, kind: ValueKind): SeoEffect {
  return ({ target, params }) => {
    const key = requiredMember(params, keyMember, 'text') as string;
    const value = requiredMember(params, valueMember, kind);
    const map = mapField(target, field);
    map[key] = value;
    return { [field]: { ...map } };
  };
}

/** Removes the key member `keyMember` names from the map `field` (404 when it is not there). */
export function removeKey(field: string, keyMember: string): SeoEffect {
  return ({ target, params }) => {
    const key = requiredMember(params, keyMember, 'text') as string;
    const map = mapField(target, field);
    if (!Object.hasOwn(map, key)) throw new WpError('seo_not_found', `No ${keyMember} "${key}" is stored.`, 404);
    delete map[key];
    return { [field]: { ...map } };
  };
}

/** Adds the values of member `member` (one or a list) to the list `field`, once each. */
export function appendTo(field: string, member: string): SeoEffect {
  return ({ target, params }) => {
    const values = textListValue(params, member);
    if (values.length === 0) throw missingMember(member, 'non-empty string or list of strings');
    const list = listField(target, field);
    for (const value of values) if (!list.includes(value)) list.push(value);
    return { [field]: [...list] };
  };
}

/** Empties the list `field`. */
export function clearList(field: string): SeoEffect {
  return ({ target }) => {
    target[field] = [];
    return { [field]: [] };
  };
}

/** Forgets `field`. */
export function unset(field: string): SeoEffect {
  return ({ target }) => {
    delete target[field];
    return { [field]: null };
  };
}

/** Answers the current values of `fields` (a missing list field as `[]`). */
export function reveal(...fields: string[]): SeoEffect {
  return ({ target }) => Object.fromEntries(fields.map((field) => [field, copyJson(target[field] ?? [])]));
}

/** Runs `effects` in order; their replies are merged, later ones winning. */
export function combine(...effects: SeoEffect[]): SeoEffect {
  return (input) => Object.assign({}, ...effects.map((effect) => effect(input)));
}

function mapField(target: Record<string, unknown>, field: string): Record<string, unknown> {
  const current = target[field];
  if (typeof current === 'object' && current !== null && !Array.isArray(current)) return current as Record<string, unknown>;
  // A null prototype: keys come from requests, and `__proto__` must stay an ordinary key.
  const created = Object.create(null) as Record<string, unknown>;
  target[field] = created;
  return created;
}

function listField(target: Record<string, unknown>, field: string): string[] {
  const current = target[field];
  if (Array.isArray(current)) return current as string[];
  const created: string[] = [];
  target[field] = created;
  return created;
}
