/**
 * The resources stage: the model of a server's resources inferred from its descriptor (see `infer.ts`), the
 * hints that add what a descriptor cannot say, and fresh valid values for their fields. The stateful phase is
 * built on it.
 */
export { familyForIdName, familyNamed, inferResources, routeShape, UPDATE_METHODS } from './infer.js';
export { anonymousWriteReason, BUILTIN_HINTS, HINT_KEYS, mergedHints } from './hints.js';
export { createBody, createUpload, fillPlaceholders, freshValue, isRawObject, objectItemProperties, requiredUpdateValues, schemaTypes } from './values.js';
export type { FamilyHint, IdReference, ItemAction, ParentLink, ResourceFamily, ResourceHints, ResourceModel, UploadHint } from './types.js';
import type { ResourceModel } from './types.js';

/** The model as text, one block per family: what the `resources` command prints. */
export function describeModel(model: ResourceModel): string {
  const lines: string[] = [
    `locale ${model.locale ?? '(none)'}: ${model.families.length} families, ${model.families.filter((f) => f.skip === undefined).length} with a life cycle`,
  ];
  for (const family of model.families) {
    lines.push('', `${family.name}${family.skip === undefined ? '' : `  (skipped: ${family.skip})`}`);
    if (family.collection !== undefined) lines.push(`  collection  ${family.collection}`);
    if (family.item !== undefined) lines.push(`  item        ${family.item}  (id in "${family.itemVariable}", answered in "${family.idField}")`);
    if (family.create !== undefined) {
      const required = Object.entries(family.create.args)
        .filter(([, arg]) => arg.required)
        .map(([name]) => name);
      const upload = family.upload === undefined ? '' : `, uploads a ${family.upload.contentType} file (other values in the query)`;
      lines.push(`  create      ${family.create.method}${upload}${required.length > 0 ? `, requires ${required.join(', ')}` : ''}`);
    }
    if (family.update !== undefined) lines.push(`  update      ${family.update.method}: ${Object.keys(family.update.fields).join(', ') || '(no fields)'}`);
    if (family.remove !== undefined)
      lines.push(
        `  delete      DELETE${family.remove.force ? ' force=true' : ''}${family.remove.required.length > 0 ? `, requires ${family.remove.required.join(', ')}` : ''}`,
      );
    if (family.list !== undefined) {
      const finders = [
        family.list.include ? 'include' : '',
        family.list.search ? 'search' : '',
        family.list.page ? 'pages' : '',
        ...Object.keys(family.list.filters),
      ].filter((x) => x !== '');
      lines.push(`  list        found by ${finders.join(', ') || 'the first page only'}`);
    }
    for (const action of family.actions ?? []) lines.push(`  action      ${action.route}  (names a resource by "${action.variable}")`);
    for (const parent of family.parents)
      lines.push(`  parent      ${parent.family} (${parent.via === 'path' ? 'path variable' : 'create argument'} ${parent.name})`);
    if (family.references.length > 0)
      lines.push(
        `  ids         ${family.references.map((reference) => `${reference.name} (${reference.family === family.name ? 'its own' : reference.family})`).join(', ')}`,
      );
    if (family.unique.length > 0) lines.push(`  unique      ${family.unique.join(', ')}`);
    if (family.hinted.length > 0) lines.push(`  hinted      ${family.hinted.join(', ')}`);
  }
  return lines.join('\n');
}
