/**
 * The model of what one sequence made: each resource with its family, parents, maker and the last value written
 * to each field; whether it is live, deleted, or orphaned (a parent was deleted, so the server may have removed
 * it or given it another parent). Commands read it for their preconditions and expectations and change it by
 * what the server answered.
 */
import type { ResourceFamily } from '../../../resources/index.js';

/**
 * `unknown`: the model cannot say (a resource several accounts made together, such as one moderation item holding
 * two members' blocks, after one of them took theirs back): steps on it are only held to answer without a 5xx.
 */
export type ResourceState = 'live' | 'deleted' | 'orphaned' | 'unknown';

export interface ModelResource {
  family: ResourceFamily;
  id: string;
  /** How steps name it: `community/v1 signup 12`. */
  label: string;
  /** The item's path values, and the collection's (a sub-resource's parent). */
  path: Record<string, string>;
  collectionPath: Record<string, string>;
  /** Parent ids by the create argument or path variable that names each. */
  parentIds: Record<string, string>;
  /** The names of the identities that made it (more than one when a second create answered with its id). */
  makers: string[];
  /** Each field the sequence wrote, with its last value. */
  written: Record<string, unknown>;
  state: ResourceState;
  /** What the model holds about why it is not live: `deleted at step 3`, `its parent … was deleted at step 4`. */
  why?: string;
  /** For an orphan: the deleted parent and the argument or path variable that named it. */
  orphanOf?: { family: string; id: string; field: string; via: 'path' | 'arg' };
  /** Its status as the last read after a write showed it (`draft`, `publish`): a list shows only the statuses asked for. */
  status?: string;
  /**
   * Left out of its list by the product's own rule: right after its create, the list narrowed to it neither showed
   * nor counted it (BuddyPress leaves out members without a "last activity"). Lists are not held to show it.
   */
  unlisted?: boolean;
  /** Made by more than one create (a second create answered with its id): a delete may take back only one. */
  shared?: boolean;
  /** The values of its delete (`force=true` where declared, hinted ones). */
  deleteBody: Record<string, unknown>;
  /** Drops the clean-up delete (the sequence deleted it itself). */
  forget(): void;
}

export class SiteModel {
  readonly resources: ModelResource[] = [];
  /** Steps run so far (for `why`). */
  step = 0;
  /** Creates tried so far: each draws its unique values from its own token. */
  creates = 0;

  ofFamily(family: string, states?: readonly ResourceState[]): ModelResource[] {
    return this.resources.filter((resource) => resource.family.name === family && (states === undefined || states.includes(resource.state)));
  }

  has(family: string, id: string): boolean {
    return this.resources.some((resource) => resource.family.name === family && resource.id === id);
  }

  add(resource: ModelResource): void {
    this.resources.push(resource);
  }

  /** The resource is gone: it, and (for its children) its being their parent. A shared one may live on for its other makers. */
  delete(resource: ModelResource, why: string): void {
    if (resource.shared === true) {
      resource.state = 'unknown';
      resource.why = `${why}, but other creates made it too`;
      return;
    }
    resource.state = 'deleted';
    resource.why = why;
    resource.forget();
    this.#orphanChildrenOf(resource);
  }

  /** A read found an orphan gone: the server removed it with its parent. */
  removedWithParent(resource: ModelResource): void {
    resource.state = 'deleted';
    resource.why = `removed with its parent (${resource.why ?? 'deleted'})`;
    this.#orphanChildrenOf(resource);
  }

  /** A read found an orphan under another parent: it lives on, named by that one. */
  reparented(resource: ModelResource, field: string, id: string): void {
    resource.state = 'live';
    resource.parentIds[field] = id;
    delete resource.orphanOf;
    delete resource.why;
  }

  #orphanChildrenOf(parent: ModelResource): void {
    for (const child of this.resources) {
      if (child.state !== 'live') continue;
      const link = child.family.parents.find((candidate) => candidate.family === parent.family.name && child.parentIds[candidate.name] === parent.id);
      if (link === undefined) continue;
      child.state = 'orphaned';
      child.why = `its ${link.family} ${parent.id} was deleted (${parent.why ?? ''})`;
      child.orphanOf = { family: parent.family.name, id: parent.id, field: link.name, via: link.via };
      // A child under a deleted parent's path is gone with it, as are its own children.
      if (link.via === 'path') this.#orphanChildrenOf(child);
    }
  }
}
