/**
 * What the run made and saw, resource by resource, from every phase's answers: a 2xx create on a family's
 * collection makes a resource the run owns (until a 2xx delete of it), and ids in answers are ids the run has
 * seen (until a 2xx delete of them). On a target that is not the bundled server, writes go only to resources the run owns (a write to
 * anything else is sent without credentials, so the server refuses it and nothing changes), and what the run
 * still owns at its end is deleted, children before parents.
 */
import type { LoadedDescriptor, Operation } from '../descriptor/types.js';
import type { Exchange } from '../http/types.js';
import type { Credentials } from '../request/index.js';
import {
  fillPlaceholders,
  inferResources,
  mergedHints,
  requiredUpdateValues,
  routeShape,
  type ResourceFamily,
  type ResourceHints,
} from '../resources/index.js';

/** A resource the run made and has not deleted. */
export interface OwnedResource {
  locale: string | null;
  family: ResourceFamily;
  id: string;
  /** The item route's path values, for the delete at the end. */
  path: Record<string, string>;
  /** The credentials it was made with (undefined: anonymously): its maker may be the only one who can remove it. */
  maker: Credentials | undefined;
}

/** The words a family goes by in routes: the last segment of its name, plural and singular (`profile/fields`: fields, field). */
function familyWordsOf(familyName: string): string[] {
  const last = familyName.split(/[\s/]/).at(-1) ?? '';
  return [last, last.replace(/ies$/, 'y').replace(/s$/, '')];
}

interface RouteRole {
  family: ResourceFamily;
  /** `collection`: creates here make resources; `item`: the last variable is the id; `below`: a route under an item. */
  role: 'collection' | 'item' | 'below';
  /** For `item` and `below`: the index of the variable holding the family's id. */
  idVariable: number;
}

function idOf(json: unknown, field: string): string | undefined {
  const value = typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[field] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An argument that takes ids of a family's resources; `parent` when it names the resource a write goes under. */
interface ArgLink {
  name: string;
  family: string;
  parent: boolean;
}

export class OwnedResources {
  readonly #roles = new Map<string, RouteRole>();
  readonly #items = new Map<string, Operation>();
  readonly #updates = new Map<string, Operation>();
  /**
   * What the run owns, keyed by family name and id, in creation order (a parent before its children). Maps, not
   * lists: a long fuzz run makes and deletes thousands, and every request asks about them.
   */
  readonly #owned = new Map<string, OwnedResource>();
  /** The ids the run owns, per family name. */
  readonly #ownedByFamily = new Map<string, Set<string>>();
  /** How many owned resources have each id, whatever their family (a route of no family names ids only). */
  readonly #ownedIds = new Map<string, number>();
  /**
   * Ids seen in answers, per family name, until a delete of them succeeds: a long run makes and deletes hundreds of
   * thousands, and a set of every id it ever saw would grow as long as it runs.
   */
  readonly #seen = new Map<string, Set<string>>();
  /** Owned resources the trash renamed (`#toTrash`), by family name and id: only the clean-up's delete may reach them. */
  readonly #trashed = new Set<string>();
  /** Ids known before any phase, the same in every run and shard (the run's own accounts), per family name. */
  readonly #settled = new Map<string, string[]>();
  /** `idsFor`'s answers, per family name and `seen`, until the next change to that family. */
  readonly #idLists = new Map<string, string[]>();
  /** Per operation id: its arguments that take a family's ids (`argIdsFor`). */
  readonly #argLinks = new Map<string, ArgLink[]>();

  constructor(descriptors: readonly LoadedDescriptor[], hints?: ResourceHints) {
    for (const descriptor of descriptors) {
      const model = inferResources(descriptor, mergedHints(hints));
      const shapes = new Map<string, ResourceFamily>();
      for (const family of model.families) {
        const item = descriptor.operations.find((op) => op.route === family.item);
        // An item route two families share (a report answered as a moderation item) is the first one's.
        if (item !== undefined && !shapes.has(routeShape(item.pattern.template))) shapes.set(routeShape(item.pattern.template), family);
      }
      for (const op of descriptor.operations) {
        const key = `${descriptor.locale} ${op.route}`;
        const family = model.families.find((candidate) => candidate.collection === op.route);
        if (family !== undefined) {
          this.#roles.set(key, { family, role: 'collection', idVariable: -1 });
          continue;
        }
        // The family whose item route is the longest prefix of this route.
        const shape = routeShape(op.pattern.template);
        let best: { family: ResourceFamily; shape: string } | undefined;
        for (const [itemShape, candidate] of shapes) {
          if ((shape === itemShape || shape.startsWith(`${itemShape}/`)) && (best === undefined || itemShape.length > best.shape.length))
            best = { family: candidate, shape: itemShape };
        }
        if (best === undefined) continue;
        const idVariable = (best.shape.match(/\{\}/g) ?? []).length - 1;
        this.#roles.set(key, { family: best.family, role: shape === best.shape ? 'item' : 'below', idVariable });
      }
      for (const family of model.families) {
        const remove = descriptor.operations.find((op) => op.route === family.item && op.method === 'DELETE');
        const update = descriptor.operations.find((op) => op.route === family.item && op.method === family.update?.method);
        if (remove !== undefined) this.#items.set(`${descriptor.locale} ${family.name}`, remove);
        if (update !== undefined) this.#updates.set(`${descriptor.locale} ${family.name}`, update);
      }
    }
  }

  /**
   * Takes note of an answer: a create makes an owned resource (made by `maker`), a delete ends one, ids in
   * answers are seen.
   */
  observe(op: Operation, exchange: Exchange, pathValues: readonly string[], maker: Credentials | undefined): void {
    const status = exchange.response?.status;
    const role = this.#roles.get(`${op.locale} ${op.route}`);
    if (role === undefined || status === undefined || status < 200 || status >= 300) return;
    const { family } = role;
    const json = exchange.response?.json;
    if (op.method === 'GET') {
      for (const item of Array.isArray(json) ? json : [json]) {
        const id = idOf(item, family.idField);
        if (id !== undefined) this.#see(family.name, id);
        this.#seeReferenced(family, item);
      }
      return;
    }
    // A family answered as another's item (a report opens or joins a moderation item) may answer one the run did
    // not make: what it creates is not the run's to delete.
    if (role.role === 'collection' && (op.method === 'POST' || op.method === 'PUT') && !family.hinted.includes('item')) {
      // BuddyPress answers a create as a one-element array of the new item.
      const id = idOf(Array.isArray(json) && json.length === 1 ? json[0] : json, family.idField);
      const item = this.#items.get(`${op.locale} ${family.name}`);
      if (id === undefined || item === undefined) return;
      const values: Record<string, string> = {};
      item.pattern.variables.forEach((variable, index) => {
        values[variable.name] = index === item.pattern.variables.length - 1 ? id : (pathValues[index] ?? '');
      });
      this.#own({ locale: op.locale, family, id, path: values, maker });
      this.#see(family.name, id);
      return;
    }
    if (role.role === 'item' && op.method === 'DELETE') {
      const id = pathValues[role.idVariable];
      const json = exchange.response?.json as Record<string, unknown> | undefined;
      // A resource moved to the trash is still there, under another id where the trash renames it (a template).
      if (json?.status === 'trash') {
        if (id !== undefined && family.trashedId !== undefined) this.#toTrash(family.name, id, family.trashedId.replaceAll('{id}', id));
        return;
      }
      if (id === undefined) return;
      this.#disown(family.name, id);
      this.#unsee(family.name, id);
    }
  }

  /**
   * Takes note of a resource the run made without creating it itself (the member a signup's activation makes): it is
   * the run's, to write to and to delete at the end, like one it created. Only an item addressed by its id alone (a
   * family whose item route has one variable) can be adopted; false when it cannot.
   */
  adopt(locale: string | null, familyName: string, id: string, maker: Credentials | undefined): boolean {
    const remove = this.#items.get(`${locale} ${familyName}`);
    const family = remove === undefined ? undefined : this.#roles.get(`${locale} ${remove.route}`)?.family;
    if (remove === undefined || family === undefined || remove.pattern.variables.length !== 1) return false;
    this.#own({ locale, family, id, path: { [remove.pattern.variables[0]!.name]: id }, maker });
    this.#see(family.name, id);
    return true;
  }

  /**
   * Takes note of an item known to exist before any phase, the same in every run and every shard: the run's own
   * accounts. It is seen, and settled (`settledArgIdsFor`).
   */
  seeSettled(locale: string | null, collection: string, id: string): void {
    const role = this.#roles.get(`${locale} ${collection}`);
    if (role?.role !== 'collection') return;
    this.#see(role.family.name, id);
    const settled = this.#settled.get(role.family.name) ?? [];
    if (!settled.includes(id)) this.#settled.set(role.family.name, [...settled, id]);
  }

  /**
   * Whether a write to `op` with these path values touches only what the run made: a create on a family's
   * collection, or an item (or a route under it) the run owns. A route of no family is the run's only when every
   * path value is an id it made and the route names the family of one of them (`profile/{field_id}/data/{user_id}`
   * a profile field's): an id that only equals one the run made elsewhere (WordPress's global-styles post 4 and the
   * run's menu 4 share a number, not a resource) does not open it.
   */
  allowsWrite(op: Operation, pathValues: readonly string[]): boolean {
    const role = this.#roles.get(`${op.locale} ${op.route}`);
    if (role?.role === 'collection') return pathValues.length === 0 || pathValues.every((value) => this.#ownsAny(value));
    if (role !== undefined) {
      const id = pathValues[role.idVariable] ?? '';
      if (role.role === 'item' && op.method === 'DELETE' && this.#trashed.has(`${role.family.name}\n${id}`)) return true;
      return this.#ownedByFamily.get(role.family.name)?.has(id) === true;
    }
    if (pathValues.length === 0 || !pathValues.every((value) => this.#ownsAny(value))) return false;
    const words = new Set(op.pattern.template.split(/[/{}_-]+/).filter((word) => word !== ''));
    return [...this.#ownedByFamily].some(
      ([familyName, ids]) => pathValues.some((value) => ids.has(value)) && familyWordsOf(familyName).some((word) => words.has(word)),
    );
  }

  /**
   * The item a write to `op` at these path values addresses, when the run made it and still has it: its maker (the
   * credentials it was made with, undefined for anonymously). Undefined when the run did not make it.
   */
  madeItem(op: Operation, pathValues: readonly string[]): Pick<OwnedResource, 'maker'> | undefined {
    const role = this.#roles.get(`${op.locale} ${op.route}`);
    if (role?.role !== 'item') return undefined;
    return this.#owned.get(`${role.family.name}\n${pathValues[role.idVariable] ?? ''}`);
  }

  /**
   * Ids for the variable of `op` that holds its family's id (the route's own item, or the item it hangs below):
   * those the run made, and with `seen` also those it saw in answers. Undefined when the route is no family's.
   */
  idsFor(op: Operation, seen: boolean): { variable: number; ids: string[] } | undefined {
    const role = this.#roles.get(`${op.locale} ${op.route}`);
    if (role === undefined || role.role === 'collection') return undefined;
    return { variable: role.idVariable, ids: this.#idsOf(role.family.name, seen) };
  }

  /**
   * The arguments of `op` that take ids of a family's resources, each with the ids the run knows of that family:
   * on the family's routes, the create arguments that name a parent (a comment's `post`) wherever the operation
   * declares them, on its list the filters that narrow to a parent, and the other arguments the model found taking
   * ids (a post's `author` and `categories`, a list's `include`). A parent gets the ids the run made, and with
   * `seen` (a read) also those it saw: a write under a parent adds to it, so only the run's own. Any other id
   * argument gets both always: a post's author or category is named, not changed.
   */
  argIdsFor(op: Operation, seen: boolean): Array<{ name: string; ids: string[] }> {
    return this.#linksOf(op).map(({ name, family, parent }) => ({ name, ids: this.#idsOf(family, seen || !parent) }));
  }

  /**
   * The arguments of `op` that take ids (as `argIdsFor`), each with the settled ids of its family only: what a
   * deterministic phase may use, since what the run made or saw by a moment depends on the order answers came in.
   */
  settledArgIdsFor(op: Operation): Array<{ name: string; ids: string[] }> {
    return this.#linksOf(op).map(({ name, family }) => ({ name, ids: this.#settled.get(family) ?? [] }));
  }

  #linksOf(op: Operation): ArgLink[] {
    let links = this.#argLinks.get(op.id);
    if (links === undefined) {
      links = this.#argLinksOf(op);
      this.#argLinks.set(op.id, links);
    }
    return links;
  }

  #argLinksOf(op: Operation): ArgLink[] {
    const role = this.#roles.get(`${op.locale} ${op.route}`);
    if (role === undefined) return [];
    const links = new Map<string, ArgLink>();
    for (const link of role.family.parents) if (link.via === 'arg') links.set(link.name, { name: link.name, family: link.family, parent: true });
    if (role.role === 'collection' && op.method === 'GET') {
      for (const [filter, arg] of Object.entries(role.family.list?.filters ?? {})) {
        const link = links.get(arg);
        if (link !== undefined) links.set(filter, { ...link, name: filter });
      }
    }
    for (const { name, family } of role.family.references) if (!links.has(name)) links.set(name, { name, family, parent: false });
    return [...links.values()].filter((link) => op.args[link.name] !== undefined);
  }

  /** The ids the run made of a family, and with `seen` those it saw; one list per family until it changes. */
  #idsOf(familyName: string, seen: boolean): string[] {
    const key = `${seen ? 'seen' : 'made'} ${familyName}`;
    let ids = this.#idLists.get(key);
    if (ids === undefined) {
      const made = this.#ownedByFamily.get(familyName) ?? [];
      ids = [...new Set([...made, ...(seen ? (this.#seen.get(familyName) ?? []) : [])])];
      this.#idLists.set(key, ids);
    }
    return ids;
  }

  /** What the run still owns, newest first (children before their parents). */
  remaining(): OwnedResource[] {
    return [...this.#owned.values()].reverse();
  }

  /** The delete of an owned resource at the end of the run: its route and the body (`force=true` where declared). */
  deleteOf(resource: OwnedResource): { op: Operation; body: Record<string, unknown> } | undefined {
    const op = this.#items.get(`${resource.locale} ${resource.family.name}`);
    if (op === undefined) return undefined;
    const body = {
      ...(resource.family.remove?.force ? { force: true } : {}),
      ...(fillPlaceholders(resource.family.deleteValues, 'cleanup') as Record<string, unknown>),
    };
    return { op, body };
  }

  /**
   * The update that makes an owned resource deletable again (hinted `unlock` values), if the family has one; with a
   * fresh value for each field the update requires (BuddyPress declares some), without which it is refused.
   */
  unlockOf(resource: OwnedResource): { op: Operation; body: Record<string, unknown> } | undefined {
    const op = this.#updates.get(`${resource.locale} ${resource.family.name}`);
    const unlock = resource.family.unlockValues;
    if (op === undefined || Object.keys(unlock).length === 0) return undefined;
    return { op, body: { ...requiredUpdateValues(resource.family, undefined, 'cleanup'), ...unlock } };
  }

  #ownsAny(value: string): boolean {
    return this.#ownedIds.has(value);
  }

  #own(resource: OwnedResource): void {
    const key = `${resource.family.name}\n${resource.id}`;
    if (this.#owned.has(key)) return;
    this.#owned.set(key, resource);
    let family = this.#ownedByFamily.get(resource.family.name);
    if (family === undefined) {
      family = new Set();
      this.#ownedByFamily.set(resource.family.name, family);
    }
    family.add(resource.id);
    this.#ownedIds.set(resource.id, (this.#ownedIds.get(resource.id) ?? 0) + 1);
    this.#changed(resource.family.name);
  }

  /**
   * An owned resource the trash renamed to `newId`: kept for the clean-up's delete only. No phase is given its id
   * and no other write to it is the run's: an update would take it out of the trash, under its former slug or, when
   * another took that meanwhile, a new one the run cannot know (WordPress 6.1 publishes every template it updates).
   */
  #toTrash(familyName: string, id: string, newId: string): void {
    const resource = this.#owned.get(`${familyName}\n${id}`);
    if (resource === undefined) return;
    this.#disown(familyName, id);
    const variable = Object.keys(resource.path).at(-1);
    const key = `${familyName}\n${newId}`;
    this.#owned.set(key, { ...resource, id: newId, path: variable === undefined ? resource.path : { ...resource.path, [variable]: newId } });
    this.#trashed.add(key);
  }

  #disown(familyName: string, id: string): void {
    const key = `${familyName}\n${id}`;
    if (this.#trashed.delete(key)) {
      this.#owned.delete(key);
      return;
    }
    if (!this.#owned.delete(key)) return;
    this.#ownedByFamily.get(familyName)?.delete(id);
    const count = this.#ownedIds.get(id)! - 1;
    if (count === 0) this.#ownedIds.delete(id);
    else this.#ownedIds.set(id, count);
    this.#changed(familyName);
  }

  #changed(familyName: string): void {
    this.#idLists.delete(`made ${familyName}`);
    this.#idLists.delete(`seen ${familyName}`);
  }

  #see(familyName: string, id: string): void {
    let seen = this.#seen.get(familyName);
    if (seen === undefined) {
      seen = new Set();
      this.#seen.set(familyName, seen);
    }
    if (seen.has(id)) return;
    seen.add(id);
    this.#idLists.delete(`seen ${familyName}`);
  }

  /** A deleted id is no longer one to read or name; the run's own accounts stay (settled ids are never deleted). */
  #unsee(familyName: string, id: string): void {
    if (this.#settled.get(familyName)?.includes(id) === true) return;
    if (this.#seen.get(familyName)?.delete(id) === true) this.#idLists.delete(`seen ${familyName}`);
  }

  /**
   * Ids an item names in the fields its family's arguments take ids by (a post's `author`, `categories`,
   * `featured_media`): the server's own answer says they exist, so they are seen, before the run lists those
   * families itself. 0 is WordPress's "none" (no image, no parent), not an id.
   */
  #seeReferenced(family: ResourceFamily, item: unknown): void {
    if (typeof item !== 'object' || item === null) return;
    for (const reference of family.references) {
      const value = (item as Record<string, unknown>)[reference.name];
      for (const named of Array.isArray(value) ? value : [value]) {
        if (typeof named === 'number' && Number.isSafeInteger(named) && named > 0) this.#see(reference.family, String(named));
        // A family whose ids are names (a template's `theme`): the name the server put there.
        else if (typeof named === 'string' && named !== '') this.#see(reference.family, named);
      }
    }
  }
}
