/**
 * The contract: the interface document (see `docs/interface.md`) as data. The reference server builds its
 * descriptor from it; the harness's `contract` phase compares fetched descriptors with it; `restconform export
 * contract` writes it as JSON and `--contract FILE` reads such a file back.
 */
import type { ArgSchema, HttpMethod } from './descriptor.js';

/**
 * An argument as the document states it. `description` is the English text (locale `en_gb`), absent where the
 * document gives none (the root's and the namespace indexes' arguments, the batch route's).
 */
export interface ContractArg extends ArgSchema {
  required: boolean;
  description?: string;
}

export interface ContractEndpoint {
  methods: HttpMethod[];
  /** Every stated argument; `{}` where the document says "no declared parameters" / "none declared". */
  args: Record<string, ContractArg>;
  /** True where the endpoint declares `allow_batch: {v1: true}` (members and components writes). */
  allowBatch?: boolean;
  /**
   * True where the document says the remaining parameters are "not shown": a descriptor that declares
   * more args here is not drifting.
   */
  openArgs?: boolean;
}

export interface ContractRoute {
  /** The WordPress route regex, e.g. `/community/v1/members/(?P<id>[\d]+)`. */
  route: string;
  /** `''` for `/` and `/batch/v1`. */
  namespace: string;
  endpoints: ContractEndpoint[];
}

export interface Contract {
  /** Format version of this data, for `--contract FILE`. */
  format: 'restconform-contract/1';
  /** Every namespace the root descriptor lists, in the document's order. */
  namespaces: string[];
  /** Namespaces whose routes the document leaves "not shown" (`core/v2`, `site-health/v1`). */
  unspecifiedNamespaces: string[];
  /** Locales the interface is served in (`en_gb`, `el`). */
  locales: string[];
  routes: ContractRoute[];
}

/** One method of one contract route: the unit the contract phase compares and the server serves. */
export interface ContractOperation {
  route: string;
  namespace: string;
  method: HttpMethod;
  endpoint: ContractEndpoint;
}
