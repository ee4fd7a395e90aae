/**
 * The route tables of the interface document, transcribed by hand into `fixtures/interface-routes.json`
 * independently of `packages/interface/`, and the sample paths that exercise each documented path.
 */
import { readFileSync } from 'node:fs';
import type { HttpMethod } from '../../src/descriptor/types.js';

/** A parameter as the document's route table names it; only its name and required flag are transcribed. */
export interface DocumentedParam {
  required: boolean;
}

/** One (path, method) row of the document's route tables. */
export interface DocumentedRoute {
  /** The document's own notation: `/community/v1/members/{id}`, optional segments as `/terms/{slug?}`. */
  path: string;
  method: HttpMethod;
  /** Every parameter the document states for this method; `{}` for "no declared parameters". */
  params: Record<string, DocumentedParam>;
  /** True where the document says the remaining parameters are "not shown": more declared args are no drift. */
  open?: boolean;
  /** Values the document enumerates for a path variable (the SEO notification names). */
  pathValues?: Record<string, string[]>;
}

export interface DocumentedRouteTable {
  source: string;
  routes: DocumentedRoute[];
}

/** Namespaces whose routes the document leaves "not shown"; the descriptor's routes there are not compared. */
export const UNDOCUMENTED_NAMESPACES: readonly string[] = ['core/v2', 'site-health/v1'];

const FIXTURE_URL = new URL('../../fixtures/interface-routes.json', import.meta.url);

/** Reads the hand transcription from the fixtures folder. */
export function loadDocumentedRoutes(): DocumentedRouteTable {
  return JSON.parse(readFileSync(FIXTURE_URL, 'utf8')) as DocumentedRouteTable;
}

// Variables the document calls digit strings; `id` of a signup and `user_id` of the badge route are not.
const NUMERIC_VARIABLES = new Set(['id', 'user_id', 'field_id', 'postId', 'userId', 'siteId']);
const WORD_VARIABLES = new Set(['achievement', 'type', 'slug']);

const VARIABLE_TOKEN = /\{(\w+)\??\}/;
const OPTIONAL_SEGMENTS = /\/\{\w+\?\}/g;

/** The values tried for one path variable, following the document's stated patterns. */
export function sampleValues(route: DocumentedRoute, variable: string): string[] {
  const enumerated = route.pathValues?.[variable];
  if (enumerated !== undefined) return enumerated;
  const wordLike =
    WORD_VARIABLES.has(variable) ||
    (variable === 'user_id' && route.path.startsWith('/badges/')) ||
    (variable === 'id' && route.path.startsWith('/community/v1/signup/'));
  if (wordLike) return ['abc'];
  if (NUMERIC_VARIABLES.has(variable)) return ['1'];
  throw new Error(`no sample value rule for {${variable}} in ${route.path}`);
}

/**
 * Concrete paths for a documented path: one variant with optional segments dropped (when there are any),
 * one with them filled, and every enumerated value of a variable.
 */
export function samplePaths(route: DocumentedRoute): string[] {
  const withoutOptional = route.path.replace(OPTIONAL_SEGMENTS, '');
  const templates = withoutOptional === route.path ? [route.path] : [withoutOptional, route.path];
  return templates.flatMap((template) => fillVariables(route, template));
}

function fillVariables(route: DocumentedRoute, template: string): string[] {
  const variable = VARIABLE_TOKEN.exec(template);
  if (variable === null) return [template];
  const [token, name] = [variable[0], variable[1] as string];
  return sampleValues(route, name).flatMap((value) => fillVariables(route, template.replace(token, value)));
}
