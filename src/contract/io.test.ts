import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { ContractFileError, parseContract, readContractFile, serializeContract } from './io.js';

const workDir = mkdtempSync(join(tmpdir(), 'restconform-contract-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A mutable deep copy of the built-in contract, as plain JSON data. */
function editableContract(): any {
  return JSON.parse(serializeContract(INTERFACE_CONTRACT));
}

/** The ContractFileError that parsing `data` throws. */
function rejectionOf(data: unknown): ContractFileError {
  try {
    parseContract(JSON.stringify(data), 'edited.json');
  } catch (error) {
    if (error instanceof ContractFileError) return error;
    throw error;
  }
  throw new Error('the contract was accepted');
}

describe('contract files', () => {
  it('round-trips the built-in contract through a file', () => {
    const file = join(workDir, 'contract.json');
    writeFileSync(file, serializeContract(INTERFACE_CONTRACT));
    expect(readContractFile(file)).toEqual(INTERFACE_CONTRACT);
  });

  it('serialises stably, indented, with a final newline', () => {
    const text = serializeContract(INTERFACE_CONTRACT);
    expect(text).toBe(serializeContract(parseContract(text, 'in-memory')));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "namespaces": [');
  });

  it('names a method that is not an HTTP method', () => {
    const data = editableContract();
    data.routes[5].endpoints[0].methods = ['GET', 'FETCH'];
    const error = rejectionOf(data);
    expect(error.field).toBe('routes[5].endpoints[0].methods[1]');
    expect(error.message).toContain('must be one of');
  });

  it('names an unknown field of an arg', () => {
    const data = editableContract();
    data.routes[0].endpoints[0].args.context.maxim = 3;
    expect(rejectionOf(data).field).toBe('routes[0].endpoints[0].args.context.maxim');
  });

  it('names an arg without its required flag', () => {
    const data = editableContract();
    delete data.routes[1].endpoints[0].args.requests.required;
    const error = rejectionOf(data);
    expect(error.field).toBe('routes[1].endpoints[0].args.requests.required');
    expect(error.message).toContain('is missing');
  });

  it('names a WordPress type that does not exist', () => {
    const data = editableContract();
    data.routes[1].endpoints[0].args.validation.type = 'text';
    expect(rejectionOf(data).field).toBe('routes[1].endpoints[0].args.validation.type');
  });

  it('names a nested schema keyword of the wrong kind', () => {
    const data = editableContract();
    data.routes[1].endpoints[0].args.requests.items.properties.path.required = 'yes';
    expect(rejectionOf(data).field).toBe('routes[1].endpoints[0].args.requests.items.properties.path.required');
  });

  it('rejects a repeated route key, naming both places', () => {
    const data = editableContract();
    data.routes.push(data.routes[3]);
    const error = rejectionOf(data);
    expect(error.field).toBe(`routes[${data.routes.length - 1}].route`);
    expect(error.message).toContain('repeats routes[3].route');
  });

  it('rejects a route in a namespace the contract does not list', () => {
    const data = editableContract();
    data.routes[2].namespace = 'oembed/2.0';
    expect(rejectionOf(data).field).toBe('routes[2].namespace');
  });

  it('rejects another format version', () => {
    const data = editableContract();
    data.format = 'restconform-contract/2';
    expect(rejectionOf(data).message).toContain('format must be "restconform-contract/1"');
  });

  it('rejects text that is not JSON, and a file that cannot be read', () => {
    expect(() => parseContract('{"format":', 'broken.json')).toThrow(/broken\.json: is not JSON/);
    expect(() => readContractFile(join(workDir, 'absent.json'))).toThrow(/cannot be read \(ENOENT\)/);
  });
});
