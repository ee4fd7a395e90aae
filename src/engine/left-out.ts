/**
 * Families whose lists leave items out by a rule of the product's own (BuddyPress: a member without "last activity"
 * is in no members list, search or total), learnt once in a run from a list that neither shows nor counts a resource
 * the run just made. From then on every list and total of that family that misses one of the run's resources is a
 * note, not a failure: the rule is the product's, not a lost item. A search that misses one its plain list shows
 * still fails (`phases/stateful/lifecycle.ts`), and the collections phase, whose relations use only ids its lists
 * answered, does not consult the rule.
 */

/** The families learnt so, by name; one book per run. */
const books = new WeakMap<object, Set<string>>();

function bookOf(run: object): Set<string> {
  let book = books.get(run);
  if (book === undefined) {
    book = new Set();
    books.set(run, book);
  }
  return book;
}

/** Records that `family`'s lists leave items out by a rule of their own (`run`: the run's context). */
export function learnLeftOut(run: object, family: string): void {
  bookOf(run).add(family);
}

/** Whether the run has learnt that `family`'s lists leave items out by a rule of their own. */
export function leavesItemsOut(run: object, family: string): boolean {
  return books.get(run)?.has(family) ?? false;
}
