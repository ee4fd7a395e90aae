/**
 * The self-description WordPress serves: the root descriptor (`GET /`), the namespace indexes (`GET /{namespace}`)
 * and each route's descriptor (`OPTIONS`), built from the contract with descriptions in the request's locale.
 * See `docs/wordpress/validation.md#the-root-descriptor`.
 */
import {
  ARG_SCHEMA_KEYWORDS,
  type ArgDescriptor,
  type ArgSchema,
  type Contract,
  type ContractArg,
  type ContractRoute,
  type EndpointDescriptor,
  type RootDescriptor,
  type RouteDescriptor,
} from '@restconform/interface';
import type { ItemSchemaDefinition } from './namespaces/module.js';
import { serialiseOnce } from './serialised.js';
import { LOCALES, type Locale } from './types.js';

/** Localised texts the descriptor needs. */
export interface DescriptorTexts {
  /** The description of a parameter in `locale`, given its English text. */
  describe(locale: Locale, english: string): string;
  /** The site's name and tagline in `locale`. */
  site(locale: Locale): { name: string; description: string };
}

/** Where the server lives, for the addresses the descriptor carries. */
export interface DescriptorAddresses {
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  /** `{baseUrl}/{locale}/{restRoot}` */
  restUrl(locale: Locale): string;
}

/** The argument keys WordPress exposes in the index (`rest_get_allowed_schema_keywords()`, without `title`). */
const EXPOSED_ARG_KEYS: ReadonlySet<string> = new Set(ARG_SCHEMA_KEYWORDS);

/** The root descriptor of one locale, as `GET /` answers it. */
export function buildRootDescriptor(contract: Contract, locale: Locale, addresses: DescriptorAddresses, texts: DescriptorTexts): RootDescriptor {
  const site = texts.site(locale);
  return {
    name: site.name,
    description: site.description,
    url: addresses.baseUrl,
    home: `${addresses.baseUrl}/${locale}`,
    gmt_offset: '0',
    timezone_string: '',
    namespaces: [...contract.namespaces],
    authentication: {
      'application-passwords': {
        endpoints: { authorization: `${addresses.baseUrl}/wp-admin/authorize-application.php` },
      },
    },
    routes: buildRouteDescriptors(contract.routes, locale, addresses, texts),
  };
}

function buildRouteDescriptors(
  routes: readonly ContractRoute[],
  locale: Locale,
  addresses: DescriptorAddresses,
  texts: DescriptorTexts,
): Record<string, RouteDescriptor> {
  const descriptors: Record<string, RouteDescriptor> = {};
  for (const route of routes) descriptors[route.route] = buildRouteDescriptor(route, locale, addresses, texts);
  return descriptors;
}

const NAMED_GROUP = /\(\?P?<\w+>/;

/** One route's descriptor (`get_data_for_route()`): `_links.self` only when the route has no path variables. */
export function buildRouteDescriptor(route: ContractRoute, locale: Locale, addresses: DescriptorAddresses, texts: DescriptorTexts): RouteDescriptor {
  const endpoints: EndpointDescriptor[] = route.endpoints.map((endpoint) => {
    const argNames = Object.keys(endpoint.args);
    const args: Record<string, ArgDescriptor> = {};
    for (const name of argNames) args[name] = exposeArg(endpoint.args[name]!, locale, texts);
    return {
      methods: [...endpoint.methods],
      ...(endpoint.allowBatch === true ? { allow_batch: { v1: true } } : {}),
      // PHP's empty array encodes as a JSON list.
      args: argNames.length === 0 ? [] : args,
    };
  });
  const descriptor: RouteDescriptor = {
    namespace: route.namespace,
    methods: endpoints.flatMap((endpoint) => endpoint.methods),
    endpoints,
  };
  if (!NAMED_GROUP.test(route.route)) {
    descriptor._links = { self: [{ href: `${addresses.restUrl(locale)}${route.route}` }] };
  }
  return descriptor;
}

/** Keeps only the keys WordPress exposes, in the declared order, with `required` always present. */
function exposeArg(arg: ContractArg, locale: Locale, texts: DescriptorTexts): ArgDescriptor {
  const exposed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(arg)) {
    if (key === 'required') exposed.required = value === true;
    else if (EXPOSED_ARG_KEYS.has(key)) exposed[key] = localiseSchemaValue(key, value, locale, texts);
  }
  if (!('required' in exposed)) exposed.required = false;
  return exposed as unknown as ArgDescriptor;
}

// Nested schemas (items, properties, oneOf…) may carry descriptions of their own; those are localised too.
function localiseSchemaValue(key: string, value: unknown, locale: Locale, texts: DescriptorTexts): unknown {
  switch (key) {
    case 'description':
      return typeof value === 'string' ? texts.describe(locale, value) : value;
    case 'items':
    case 'additionalProperties':
      return isSchema(value) ? localiseSchema(value, locale, texts) : value;
    case 'properties':
    case 'patternProperties':
      return isSchema(value) ? mapValues(value, (schema) => localiseSchemaIfSchema(schema, locale, texts)) : value;
    case 'anyOf':
    case 'oneOf':
      return Array.isArray(value) ? value.map((schema) => localiseSchemaIfSchema(schema, locale, texts)) : value;
    default:
      return value;
  }
}

function localiseSchema(schema: ArgSchema, locale: Locale, texts: DescriptorTexts): ArgSchema {
  const localised: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) localised[key] = localiseSchemaValue(key, value, locale, texts);
  return localised as ArgSchema;
}

function localiseSchemaIfSchema(value: unknown, locale: Locale, texts: DescriptorTexts): unknown {
  return isSchema(value) ? localiseSchema(value, locale, texts) : value;
}

function isSchema(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapValues(record: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) mapped[key] = map(value);
  return mapped;
}

/** A namespace index (`GET /{namespace}`). */
export interface NamespaceIndex {
  namespace: string;
  routes: Record<string, RouteDescriptor>;
  _links: { up: Array<{ href: string }> };
}

/** A route's descriptor with its published item schema, as `OPTIONS` and `?context=help` answer it. */
export type RouteHelp = RouteDescriptor & { schema?: Record<string, unknown> };

/** Every descriptor of every locale, built and serialised once at start-up. */
export class DescriptorCache {
  readonly #roots = new Map<Locale, RootDescriptor>();
  readonly #indexes = new Map<string, NamespaceIndex>();
  readonly #helpIndexes = new Map<string, NamespaceIndex>();
  readonly #help = new Map<string, RouteHelp>();

  constructor(contract: Contract, addresses: DescriptorAddresses, texts: DescriptorTexts, schemas: ReadonlyMap<string, ItemSchemaDefinition> = new Map()) {
    for (const locale of LOCALES) {
      const root = buildRootDescriptor(contract, locale, addresses, texts);
      for (const route of contract.routes) {
        const schema = schemas.get(route.route);
        const help =
          schema === undefined
            ? root.routes[route.route]!
            : { ...root.routes[route.route]!, schema: localiseSchema(schema as ArgSchema, locale, texts) as Record<string, unknown> };
        this.#help.set(indexKey(locale, route.route), serialiseOnce(help));
      }
      for (const namespace of contract.namespaces) {
        const routes: Record<string, RouteDescriptor> = {};
        const helpRoutes: Record<string, RouteHelp> = {};
        for (const route of contract.routes) {
          if (route.namespace !== namespace) continue;
          routes[route.route] = root.routes[route.route]!;
          helpRoutes[route.route] = this.#help.get(indexKey(locale, route.route))!;
        }
        const links = { up: [{ href: `${addresses.restUrl(locale)}/` }] };
        this.#indexes.set(indexKey(locale, namespace), serialiseOnce({ namespace, routes, _links: links }));
        this.#helpIndexes.set(indexKey(locale, namespace), serialiseOnce({ namespace, routes: helpRoutes, _links: links }));
      }
      this.#roots.set(locale, serialiseOnce(root));
    }
  }

  /** The root descriptor of `locale` (frozen; its JSON is cached). */
  root(locale: Locale): RootDescriptor {
    return this.#roots.get(locale)!;
  }

  /** One route's descriptor in `locale`, or undefined for a key the contract does not have. */
  route(locale: Locale, key: string): RouteDescriptor | undefined {
    return this.#roots.get(locale)!.routes[key];
  }

  /** One route's descriptor with its published schema (`OPTIONS`), or undefined for a key the contract does not have. */
  routeHelp(locale: Locale, key: string): RouteHelp | undefined {
    return this.#help.get(indexKey(locale, key));
  }

  /**
   * The index of a namespace the root lists, or undefined (frozen; its JSON is cached). With `help`
   * (`?context=help`) each route carries its published schema.
   */
  namespaceIndex(locale: Locale, namespace: string, help = false): NamespaceIndex | undefined {
    return (help ? this.#helpIndexes : this.#indexes).get(indexKey(locale, namespace));
  }
}

function indexKey(locale: Locale, key: string): string {
  return `${locale} ${key}`;
}
