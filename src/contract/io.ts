/**
 * Contract files: `restconform export contract` writes one with `serializeContract`, `--contract FILE` reads it
 * back with `readContractFile`, which rejects a malformed file with an error naming the offending field.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import contractSchema from './contract.schema.json' with { type: 'json' };
import type { Contract } from '@restconform/interface';

/** A contract file that cannot be used; `field` names where it is wrong (`routes[3].endpoints[0].methods[1]`). */
export class ContractFileError extends Error {
  constructor(
    readonly source: string,
    readonly field: string,
    problem: string,
  ) {
    super(`invalid contract file ${source}: ${field ? `${field} ` : ''}${problem}`);
    this.name = 'ContractFileError';
  }
}

let compiledValidator: ValidateFunction<Contract> | undefined;

/** The contract file validator, compiled on first use: most runs read no contract file. */
function contractValidator(): ValidateFunction<Contract> {
  compiledValidator ??= new Ajv({ allErrors: false, strict: true }).compile<Contract>(contractSchema);
  return compiledValidator;
}

/** `/routes/3/endpoints/0/args/page` as `routes[3].endpoints[0].args.page`. */
function fieldName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), '');
}

/** The most specific ajv error (the deepest path; `anyOf` wrappers only when nothing deeper failed). */
function describeSchemaError(errors: ErrorObject[]): { field: string; problem: string } {
  const specific = errors.filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'allOf');
  const chosen = [...(specific.length > 0 ? specific : errors)].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (!chosen) return { field: '', problem: 'does not match the contract format' };
  const field = fieldName(chosen.instancePath);
  const params = chosen.params as Record<string, unknown>;
  if (chosen.keyword === 'additionalProperties') {
    return {
      field: field ? `${field}.${String(params.additionalProperty)}` : String(params.additionalProperty),
      problem: 'is not a field of the contract format',
    };
  }
  if (chosen.keyword === 'required') {
    return { field: field ? `${field}.${String(params.missingProperty)}` : String(params.missingProperty), problem: 'is missing' };
  }
  if (chosen.keyword === 'enum') {
    return { field, problem: `must be one of ${JSON.stringify(params.allowedValues)}` };
  }
  if (chosen.keyword === 'const') {
    return { field, problem: `must be ${JSON.stringify(params.allowedValue)}` };
  }
  return { field, problem: chosen.message ?? 'is invalid' };
}

/** Rules JSON Schema cannot state: unique route keys, and namespaces the contract lists. */
function checkCrossReferences(contract: Contract, source: string): void {
  const seen = new Map<string, number>();
  contract.routes.forEach(({ route, namespace }, index) => {
    const earlier = seen.get(route);
    if (earlier !== undefined) {
      throw new ContractFileError(source, `routes[${index}].route`, `repeats routes[${earlier}].route (${route})`);
    }
    seen.set(route, index);
    if (namespace !== '' && !contract.namespaces.includes(namespace)) {
      throw new ContractFileError(source, `routes[${index}].namespace`, `"${namespace}" is not listed in namespaces`);
    }
  });
  contract.unspecifiedNamespaces.forEach((namespace, index) => {
    if (!contract.namespaces.includes(namespace)) {
      throw new ContractFileError(source, `unspecifiedNamespaces[${index}]`, `"${namespace}" is not listed in namespaces`);
    }
  });
}

/** Parses and validates contract JSON; `source` names the file in errors. */
export function parseContract(text: string, source: string): Contract {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ContractFileError(source, '', `is not JSON (${(error as Error).message})`);
  }
  const validateContract = contractValidator();
  if (!validateContract(data)) {
    const { field, problem } = describeSchemaError(validateContract.errors ?? []);
    throw new ContractFileError(source, field, problem);
  }
  checkCrossReferences(data, source);
  return data;
}

/** Reads a contract file written by `serializeContract` (or by hand in the same format). */
export function readContractFile(path: string): Contract {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ContractFileError(path, '', `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return parseContract(text, path);
}

/** The contract as stable, indented JSON with a final newline. */
export function serializeContract(contract: Contract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}
