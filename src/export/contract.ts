/**
 * `restconform export contract` from a descriptor: the routes, methods and arguments a server declares, in the
 * contract format `--contract FILE` reads. Useful to pin a server's interface today and test tomorrow's build
 * against it. Keywords the contract format does not carry (such as `title`) are dropped; an argument without
 * a description is given one, as the format requires it.
 */
import { ARG_SCHEMA_KEYWORDS, type Contract, CONTRACT_FORMAT, type ContractArg, type ContractEndpoint, type ContractRoute } from '@restconform/interface';
import { parseContract, serializeContract } from '../contract/io.js';
import { HTTP_METHODS, type ArgSchema, type LoadedDescriptor } from '../descriptor/types.js';

/**
 * Keywords an argument schema may carry in a contract file (`src/contract/contract.schema.json`): those WordPress
 * exposes in the index, and the three the contract format adds.
 */
const CONTRACT_KEYWORDS: ReadonlySet<string> = new Set([...ARG_SCHEMA_KEYWORDS, 'required', 'context', 'readonly']);

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function schemaMap(value: unknown): Record<string, ArgSchema> | undefined {
  if (!isObject(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, child]) => isObject(child))
      .map(([key, child]) => [key, contractSchema(child as ArgSchema)]),
  );
}

/** An argument schema with only the keywords a contract carries, nested schemas included. */
function contractSchema(schema: ArgSchema): ArgSchema {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!CONTRACT_KEYWORDS.has(keyword) || value === undefined) continue;
    if (keyword === 'items') {
      if (isObject(value)) out.items = contractSchema(value as ArgSchema);
    } else if (keyword === 'properties' || keyword === 'patternProperties') {
      const map = schemaMap(value);
      if (map) out[keyword] = map;
    } else if (keyword === 'additionalProperties') {
      out.additionalProperties = isObject(value) ? contractSchema(value as ArgSchema) : value;
    } else if (keyword === 'anyOf' || keyword === 'oneOf') {
      if (Array.isArray(value) && value.length > 0) out[keyword] = value.filter(isObject).map((branch) => contractSchema(branch as ArgSchema));
    } else if (keyword === 'type' && Array.isArray(value)) {
      out.type = [...new Set(value)];
    } else {
      out[keyword] = value;
    }
  }
  return out as ArgSchema;
}

function contractArg(arg: ArgSchema): ContractArg {
  const schema = contractSchema(arg);
  // An argument the descriptor leaves undescribed stays so: the contract promises no more than the descriptor.
  const { description: _dropped, ...keywords } = schema;
  return typeof arg.description === 'string' && arg.description !== ''
    ? { ...keywords, description: arg.description, required: arg.required === true }
    : { ...keywords, required: arg.required === true };
}

/**
 * Derives a contract from loaded descriptors: routes and arguments from the first (the reference locale), the
 * locales from all of them. The result is checked against the contract format before it is returned.
 *
 * @throws ContractFileError when the descriptor holds something the contract format cannot express
 */
export function contractFromDescriptors(descriptors: readonly LoadedDescriptor[]): Contract {
  const first = descriptors[0];
  if (!first) throw new Error('contractFromDescriptors needs at least one descriptor');
  const routes: ContractRoute[] = [];
  for (const [route, descriptor] of Object.entries(first.root.routes)) {
    const endpoints: ContractEndpoint[] = descriptor.endpoints
      .map((endpoint) => {
        const methods = [...new Set(endpoint.methods)].filter((method) => HTTP_METHODS.includes(method));
        const args = Array.isArray(endpoint.args) ? {} : Object.fromEntries(Object.entries(endpoint.args).map(([name, arg]) => [name, contractArg(arg)]));
        const result: ContractEndpoint = { methods, args };
        if (endpoint.allow_batch?.v1 === true) result.allowBatch = true;
        return result;
      })
      .filter((endpoint) => endpoint.methods.length > 0);
    if (endpoints.length > 0 && route.startsWith('/')) routes.push({ route, namespace: descriptor.namespace, endpoints });
  }
  const declared = first.root.namespaces.filter((namespace) => typeof namespace === 'string' && namespace !== '');
  const namespaces = [...new Set([...declared, ...routes.map((route) => route.namespace).filter((namespace) => namespace !== '')])];
  const locales = [...new Set(descriptors.map((descriptor) => descriptor.locale).filter((locale): locale is string => locale !== null))];
  const contract: Contract = { format: CONTRACT_FORMAT, namespaces, unspecifiedNamespaces: [], locales, routes };
  // The same check `--contract FILE` applies, so what is written here is always readable there.
  return parseContract(serializeContract(contract), `contract derived from ${first.source}`);
}
