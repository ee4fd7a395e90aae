/** Test-only: a profile field hidden from anonymous callers whose data the profile data route still answers them (`parent_exposure`). */
import { answerInstead, json, rewriteAnswers } from '../../../testing/faults.js';
import { startFaultyServer, type Fault } from '../../../testing/faulty-server.js';
import { anonymous } from './visibility-faults.js';

/**
 * A profile field to hide: not the first the list shows (that one stays readable), one the first listed member has
 * data for (the member anonymous callers may read, whose data the gathering asks for).
 */
export async function fieldToHide(seed: number): Promise<{ field: number; member: number }> {
  const probe = await startFaultyServer({ seed, faults: [] });
  try {
    const rest = probe.restUrl('en_gb');
    const member = ((await (await fetch(`${rest}/community/v1/members?per_page=100`)).json()) as Array<{ id: number }>)[0]!.id;
    const fields = (await (await fetch(`${rest}/community/v1/profile/fields?per_page=100`)).json()) as Array<{ id: number }>;
    for (const { id } of fields.slice(1)) {
      const data = (await (await fetch(`${rest}/community/v1/profile/${id}/data/${member}`)).json()) as { value: unknown[] };
      if (data.value.length > 0) return { field: id, member };
    }
    throw new Error('no field with data for the first member');
  } finally {
    await probe.close();
  }
}

/** Field `id` hidden from anonymous callers, as a server that keeps an admin-only field to itself answers. */
export function hiddenField(id: number): Fault[] {
  const notFound = json(404, { code: 'bp_rest_invalid_id', message: 'Invalid field ID.', data: { status: 404 } });
  const dropFromList: Fault = async (request, forward) => {
    if (!anonymous(request)) return forward(request);
    return rewriteAnswers('GET', /^\/community\/v1\/profile\/fields$/, (answer) => {
      const fields = JSON.parse(answer.body) as Array<{ id: number }>;
      return { ...answer, body: JSON.stringify(fields.filter((field) => field.id !== id)) };
    })(request, forward);
  };
  return [answerInstead('GET', new RegExp(`^/community/v1/profile/fields/${id}$`), notFound, anonymous), dropFromList];
}
