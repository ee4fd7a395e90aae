/**
 * The update steps of a life cycle: every writable field written with a fresh value and read back, and each free-text
 * field emptied (WordPress owes such a value an answer, never a 5xx).
 */
import type { ArgDescriptor } from '../../../descriptor/types.js';
import { classifyValue } from '../../../schema/wordpress-rules.js';
import { freshValue, requiredUpdateValues, schemaTypes, type ResourceFamily } from '../../../resources/index.js';
import { statefulSequence } from '../../../checks/stateful/stateful-sequence.js';
import { describeAnswer } from '../../../checks/stateful/step-answer.js';
import { shows, updatePersisted } from '../../../checks/stateful/update-persisted.js';
import { unreadableShape } from '../../../checks/stateful/written.js';
import type { CreatedResource, FamilyOperations } from '../../steps/resources.js';
import type { StepScript } from '../../steps/step-script.js';

/** The read that shows everything written: edit context where the route declares it. */
export function readQuery(family: ResourceFamily): Record<string, unknown> {
  return family.read?.contexts.includes('edit') ? { context: 'edit' } : {};
}

/** The update's fields a life cycle writes: all it declares, but those hinted fixed and those naming a parent. */
export function writableFields(family: ResourceFamily): Array<[string, ArgDescriptor]> {
  const parentArgs = new Set(family.parents.map((parent) => parent.name));
  return Object.entries(family.update?.fields ?? {}).filter(([field]) => !(field in family.fixedFields) && !parentArgs.has(field));
}

/** Writes each writable field with a fresh value and reads it back; a 4xx leaves the field out (its rules are not all declared). */
export async function updateEveryField(
  script: StepScript,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  token: string,
): Promise<Record<string, unknown> | undefined> {
  const update = ops.update;
  if (update === undefined || family.update === undefined) return undefined;
  let current = (await script.send(ops.read, { path: resource.path, query: readQuery(family) })).item;
  let lastWrite: Record<string, unknown> | undefined;
  for (const [field, schema] of writableFields(family)) {
    const value = freshValue(field, schema, `${token}u`, (current as Record<string, unknown> | undefined)?.[field]);
    if (value === undefined) {
      script.record(`update ${field}`, 'skipped', 'no value the descriptor makes sure of');
      continue;
    }
    const body = { ...requiredUpdateValues(family, current, `${token}r`), [field]: value };
    const answer = await script.send(update, { path: resource.path, body });
    if (answer.status !== undefined && answer.status >= 400 && answer.status < 500) {
      if (answer.status === 401 || answer.status === 403)
        script.stop(update, `update the ${family.name}'s ${field} answered ${answer.status}: the credentials lack the right`);
      script.record(`update ${field}`, 'skipped', `refused: ${describeAnswer(answer)}`);
      continue;
    }
    script.expectStatus(statefulSequence, update, answer, 'success', `update the ${family.name}'s ${field}`);
    lastWrite = body;
    const reread = await script.send(ops.read, { path: resource.path, query: readQuery(family) });
    script.expectStatus(statefulSequence, ops.read, reread, 'success', `read the ${family.name} after updating ${field}`);
    const shown = reread.item;
    if (script.judge(updatePersisted, ops.read, { field, wrote: value, read: shown }).length === 0)
      script.record(
        `update ${field}`,
        'ok',
        !shows(shown, field)
          ? 'written; a read does not show it'
          : unreadableShape(shown[field], value)
            ? `written; the read shows it as ${JSON.stringify(shown[field])}, a shape that cannot be compared`
            : undefined,
      );
    current = shown;
  }
  return lastWrite;
}

/**
 * Whether `schema` is text that takes the empty string: a string type (alone or with others) whose value `""` the
 * rule book accepts as given, enum, format, pattern and minimum length included. WordPress validates such a value
 * as given (`rest_validate_value_from_schema`), so the server owes it an answer, accepted or refused by a rule of
 * its own, never a 5xx.
 */
function takesEmptyText(schema: ArgDescriptor): boolean {
  return schemaTypes(schema).includes('string') && classifyValue(schema, '').valid;
}

/**
 * Updates each writable free-text field to the empty string, one at a time: WordPress 6.1 answers 500 where a
 * function it calls returns an error without a status (an empty term name: `empty_term_name`). The value may be
 * refused or normalised (an empty slug is made again from the title), so only the answer is judged, not the read.
 */
export async function emptyTextAnswered(
  script: StepScript,
  family: ResourceFamily,
  ops: FamilyOperations,
  resource: CreatedResource,
  token: string,
): Promise<void> {
  if (ops.update === undefined) return;
  // The fields the update requires go beside it, as the resource holds them (read only when there are any).
  const requires = Object.values(family.update?.fields ?? {}).some((schema) => schema.required);
  const current = requires ? (await script.send(ops.read, { path: resource.path, query: readQuery(family) })).item : undefined;
  const required = requires ? requiredUpdateValues(family, current, `${token}r`) : {};
  for (const [field, schema] of writableFields(family)) {
    if (!takesEmptyText(schema)) continue;
    const answer = await script.send(ops.update, { path: resource.path, body: { ...required, [field]: '' } });
    if (script.judge(statefulSequence, ops.update, { step: 'emptied', family: family.name, field, answer }).length === 0)
      script.record(`update ${field} to ""`, 'ok', describeAnswer(answer));
  }
}
