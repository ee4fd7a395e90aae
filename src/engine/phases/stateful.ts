/**
 * Phase `stateful`: sequences built from the descriptor's routes and the table of resource families, with data
 * taken from real responses (ids from creates, activation keys from signups). A sequence runs in a locale when
 * the descriptor serves every route it needs; every step's failure is a finding whose reproduction is the whole
 * sequence so far, one curl line per step.
 */
import type { HttpMethod } from '../../descriptor/types.js';
import { STATEFUL_CHECKS } from '../sequences/stateful-checks.js';
import { resourceLifecycle } from '../sequences/lifecycle.js';
import { blockAndUnblock, fieldData, followAndUnfollow, signupActivation } from '../sequences/relations.js';
import { RELATION_ROUTES, RESOURCE_FAMILIES, resourceFamily, type ResourceFamily } from '../sequences/resource-families.js';
import { RouteBook } from '../sequences/route-book.js';
import { runSequence, type Sequence } from '../sequences/sequence.js';
import { sequenceToken } from '../sequences/token.js';
import { SEQUENTIAL_WEIGHT } from '../shard-plan.js';
import type { Phase } from './phase.js';

export { STATEFUL_CHECKS };

const PHASE = 'stateful';
const WRITE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** A route a sequence needs, served by any of `methods`. */
interface RouteNeed {
  route: string;
  methods: readonly HttpMethod[];
}

interface StatefulSequence {
  name: string;
  /** Every route the sequence sends to; the first decides the shard it runs in. */
  needs: RouteNeed[];
  run(sequence: Sequence, book: RouteBook, others: readonly RouteBook[], token: string): Promise<void>;
}

/** A sequence in one locale: its name in reports, and the piece of work a split run gives to one shard. */
function sequenceUnit(definition: StatefulSequence, book: RouteBook): string {
  return `${definition.name} (${book.locale ?? 'no locale'})`;
}

/** The sequences that can run in a locale: those whose every route the locale's descriptor serves. */
function runnable(book: RouteBook): StatefulSequence[] {
  return STATEFUL_SEQUENCES.filter((definition) => definition.needs.every((need) => book.firstOperation(need.route, need.methods) !== undefined));
}

function familyNeeds(family: ResourceFamily): RouteNeed[] {
  const own: RouteNeed[] = [
    { route: family.collection, methods: [family.createMethod] },
    { route: family.item, methods: ['GET'] },
    { route: family.item, methods: ['DELETE'] },
  ];
  return family.parent === undefined ? own : [...own, ...familyNeeds(resourceFamily(family.parent.family))];
}

const MEMBER = resourceFamily('member');

/** Every sequence the phase knows, in running order. */
export const STATEFUL_SEQUENCES: readonly StatefulSequence[] = [
  ...RESOURCE_FAMILIES.map((family) => ({
    name: `${family.name} life cycle`,
    needs: familyNeeds(family),
    run: (sequence: Sequence, book: RouteBook, others: readonly RouteBook[], token: string) => resourceLifecycle(sequence, family, book, others, token),
  })),
  {
    name: 'signup activation',
    needs: [...familyNeeds(resourceFamily('signup')), { route: RELATION_ROUTES.signupActivation, methods: WRITE_METHODS }, ...familyNeeds(MEMBER)],
    run: (sequence, book, _others, token) => signupActivation(sequence, book, token),
  },
  {
    name: 'block and unblock',
    needs: [
      { route: RELATION_ROUTES.moderation, methods: ['POST'] },
      { route: RELATION_ROUTES.moderation, methods: ['GET'] },
      { route: RELATION_ROUTES.moderationItem, methods: ['DELETE'] },
      ...familyNeeds(MEMBER),
    ],
    run: (sequence, book, _others, token) => blockAndUnblock(sequence, book, token),
  },
  {
    name: 'profile field data',
    needs: [
      { route: RELATION_ROUTES.fieldData, methods: WRITE_METHODS },
      { route: RELATION_ROUTES.fieldData, methods: ['GET'] },
      { route: RELATION_ROUTES.fieldData, methods: ['DELETE'] },
      ...familyNeeds(resourceFamily('profile field')),
      ...familyNeeds(MEMBER),
    ],
    run: (sequence, book, _others, token) => fieldData(sequence, book, token),
  },
  {
    name: 'follow and unfollow',
    needs: [{ route: RELATION_ROUTES.followAction, methods: WRITE_METHODS }, ...familyNeeds(MEMBER)],
    run: (sequence, book, _others, token) => followAndUnfollow(sequence, book, token),
  },
];

export const statefulPhase: Phase = {
  name: PHASE,
  description: 'Resource sequences: create, read, update, delete and use after delete; lists and X-WP-Total; cross-locale visibility; signup activation; block and unblock; profile field data; follow and unfollow.',
  skipReason: (ctx) =>
    ctx.safeMethodsOnly ? 'only GET, HEAD and OPTIONS may be sent to this target (--allow-destructive allows writes)' : ctx.descriptors.length === 0 ? 'no descriptor loaded' : undefined,
  // A step of a sequence waits for the one before: each costs several concurrent requests' time.
  units: (ctx) =>
    ctx.safeMethodsOnly
      ? []
      : ctx.descriptors.flatMap((descriptor) => {
          const book = new RouteBook(descriptor);
          return runnable(book).map((definition) => ({ name: sequenceUnit(definition, book), cost: 3 * definition.needs.length * SEQUENTIAL_WEIGHT }));
        }),
  async run(ctx) {
    const books = ctx.descriptors.map((descriptor) => new RouteBook(descriptor));
    let counter = 0;
    // One after another: list totals are only meaningful while nothing else writes.
    for (const [index, book] of books.entries()) {
      const others = books.filter((_, other) => other !== index);
      const lacking: string[] = [];
      const served = runnable(book);
      for (const definition of STATEFUL_SEQUENCES) {
        if (!served.includes(definition)) {
          lacking.push(definition.name);
          continue;
        }
        // Counted whether or not this shard runs it: a sequence's names are the same in a split run.
        counter += 1;
        const name = sequenceUnit(definition, book);
        if (!ctx.shard.owns(name)) continue;
        await runSequence(ctx, PHASE, name, (sequence) => definition.run(sequence, book, others, sequenceToken(ctx.run.seed, 's', counter)));
      }
      if (lacking.length > 0) {
        ctx.run.emit({ type: 'warning', message: `stateful: locale ${book.locale ?? '(none)'}: the descriptor lacks routes for ${lacking.join(', ')}; not run` });
      }
    }
  },
};
