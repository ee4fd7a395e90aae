/**
 * What every command of a sequence is: the indices fast-check drew (which family, locale, identity, resource and
 * choice), resolved against the world and the model when the command runs, so a shrunk or replayed sequence means
 * the same steps.
 */
import type { AsyncCommand } from 'fast-check';
import type { Identity } from '../../../request/index.js';
import type { ModelResource, SiteModel } from './model.js';
import type { SequenceRun } from './sequence-run.js';
import type { ModelWorld, WorldFamily } from './world.js';

/** What fast-check draws for every command: indices resolved when the command runs. */
export interface Drawn {
  family: number;
  locale: number;
  who: number;
  /** Picks a resource (or a parent) among the model's candidates. */
  pick: number;
  /** Which writable fields an update writes (a bit each), which context a read asks for, which action. */
  choice: number;
}

export type Command = AsyncCommand<SiteModel, SequenceRun, false>;

export abstract class ModelCommand implements Command {
  constructor(
    protected readonly world: ModelWorld,
    /** Read by the replay record (`recorded.ts`). */
    readonly drawn: Drawn,
  ) {}

  protected get wf(): WorldFamily {
    return this.world.families[this.drawn.family]!;
  }

  protected get identity(): Identity {
    return this.world.identities[this.drawn.who % this.world.identities.length]!;
  }

  protected get localeName(): string {
    return this.world.locales[this.drawn.locale]!.book.locale ?? 'no locale';
  }

  protected pickFrom<T>(candidates: readonly T[]): T | undefined {
    return candidates.length === 0 ? undefined : candidates[this.drawn.pick % candidates.length];
  }

  protected target(model: SiteModel): ModelResource | undefined {
    return this.pickFrom(model.ofFamily(this.wf.family.name));
  }

  /** `… as admin (en_gb)`. */
  protected where(): string {
    return `as ${this.identity.name} (${this.localeName})`;
  }

  abstract check(model: Readonly<SiteModel>): boolean;
  abstract run(model: SiteModel, run: SequenceRun): Promise<void>;
  abstract toString(): string;
}
