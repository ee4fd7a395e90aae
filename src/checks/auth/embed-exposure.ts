/**
 * `embed_exposure`: a list asked with `_embed` answers an identity, inside `_embedded`, an item that identity's own
 * read refuses (401, 403 or 404 while the administrator's read finds it). WordPress embeds each link with the
 * caller's own permissions, and an embed it refuses is an error object (`{code, message, data}`) in `_embedded`:
 * the evidence (`phases/auth/embeds.ts`) leaves those out, so they are never an exposure.
 */
import { describeSeen, seenAnswer } from '../answer-seen.js';
import type { Regather } from '../regather.js';
import type { EvidenceCheck } from '../types.js';
import { embeddedItems } from './embedded.js';
import { hiddenFrom, listLine, whoIs, type ItemReads, type VisibilityEvidence } from './visibility.js';

export interface EmbeddedItem {
  /** The link relation it was embedded under (`author`, `wp:term`). */
  rel: string;
  /** The address of its own read (its link's `href`, or its own `_links.self`). */
  href: string;
  /** Its read as the identity, and as the administrator where the identity's was refused. */
  reads: ItemReads;
}

export interface EmbedEvidence extends Pick<VisibilityEvidence, 'listRoute' | 'query' | 'identity'> {
  /** The items the list embedded (never the refused embeds), those whose reads were sent or already known. */
  embedded: EmbeddedItem[];
}

/**
 * The labels of an embedded item's reads as the identity and as the administrator: by its address's path, so that
 * replay against the same server at another origin finds them again.
 */
export function embedReadLabels(href: string): { identity: string; administrator: string } {
  const place = URL.canParse(href) ? new URL(href).pathname : href;
  return { identity: `read:${place}`, administrator: `administrator-read:${place}` };
}

/**
 * Replay's rebuild of the evidence (`regather.ts`): `list` (the identity's list asked with `_embed`) and, for each
 * item it embeds, its reads (`embedReadLabels`). An item the recording never read is not held to anything; an item
 * no longer embedded is gone from the evidence.
 */
export const regatherEmbeds: Regather<EmbedEvidence> = (recorded, answers) => {
  const list = answers.get('list');
  if (list === undefined) return recorded;
  const embedded: EmbeddedItem[] = [];
  const seen = new Set<string>();
  for (const { rel, href } of embeddedItems(list)) {
    const labels = embedReadLabels(href);
    const own = answers.get(labels.identity);
    if (seen.has(labels.identity) || own === undefined) continue;
    seen.add(labels.identity);
    const theirs = answers.get(labels.administrator);
    const administrator = theirs === undefined ? { status: undefined, code: undefined } : seenAnswer(theirs);
    embedded.push({ rel, href, reads: { id: href, identity: seenAnswer(own), administrator } });
  }
  return { ...recorded, embedded };
};

export const embedExposure: EvidenceCheck<EmbedEvidence> = {
  name: 'embed_exposure',
  severity: 'failure',
  concern: 'security',
  description:
    "A list asked with _embed answers an identity no embedded item that identity's own read refuses (401, 403 or 404 while the administrator's read finds it): an embed is made with the caller's own permissions, and one it may not have is an error object in _embedded, never the item.",
  evidence: 'auth',
  judgeAgain: (recorded, answers, recordedId) => embedExposure.judge(regatherEmbeds(recorded, answers, recordedId)),
  judge(evidence) {
    const exposed = evidence.embedded.filter((item) => hiddenFrom(item.reads));
    if (exposed.length === 0) return [];
    const items = exposed.map((item) => `${item.href} under ${item.rel} (its read answered ${describeSeen(item.reads.identity)})`).join(', ');
    return [
      {
        message: `${listLine(evidence)} answered ${whoIs(evidence.identity)} in _embedded ${exposed.length === 1 ? 'an item' : 'items'} its own read refuses: ${items}`,
        cause: `${evidence.identity.role} embedded, read ${describeSeen(exposed[0]!.reads.identity)}`,
      },
    ];
  },
};
