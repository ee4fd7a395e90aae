/**
 * A shrunk sequence as the report keeps it, and back: each command by its kind, its family, locale and identity by
 * name, and the indices fast-check drew for the rest (which resource, which fields, context or action). Names, not
 * indices, so `replay` can run the same commands against a server whose descriptor lists its families in another
 * order or whose run logs in as another account; the values a step writes are drawn again from a fresh token, as
 * every shrinking try draws them, so the replay makes fresh resources.
 */
import type { RecordedCommand, RecordedIdentity, SequenceReplay } from '../../../checks/sequences/evidence.js';
import type { Identity } from '../../../request/index.js';
import type { Command, Drawn, ModelCommand } from './command-base.js';
import { COMMAND_KINDS } from './commands.js';
import { ListCommand } from './list-command.js';
import type { ModelWorld } from './world.js';

const KINDS = { ...COMMAND_KINDS, list: ListCommand } as const;

/** fast-check hands its commands wrapped (`CommandWrapper`, its command in `cmd`). */
function unwrapped(command: Command): ModelCommand {
  return ('cmd' in command ? (command as { cmd: Command }).cmd : command) as ModelCommand;
}

function recordedIdentity(world: ModelWorld, identity: Identity): RecordedIdentity {
  return {
    name: identity.name,
    main: world.main !== undefined && identity.name === world.main.name,
    anonymous: identity.credentials === undefined,
    role: identity.role,
    ...(identity.credentials === undefined ? {} : { login: identity.credentials.user }),
    ...(identity.passwordEnv === undefined ? {} : { passwordEnv: identity.passwordEnv }),
  };
}

/** The commands of a sequence as the report keeps them, with each locale's REST root (`restUrl`). */
export function recordCommands(world: ModelWorld, commands: Iterable<Command>, restUrl: (locale: string | null) => string): Omit<SequenceReplay, 'steps'> {
  const recorded = [...commands].map((wrapped): RecordedCommand => {
    const command = unwrapped(wrapped);
    const kind = (Object.keys(KINDS) as Array<keyof typeof KINDS>).find((name) => command instanceof KINDS[name])!;
    const { family, locale, who, pick, choice } = command.drawn;
    return {
      kind,
      family: world.families[family]!.family.name,
      locale: world.locales[locale]!.book.locale ?? null,
      identity: recordedIdentity(world, world.identities[who % world.identities.length]!),
      pick,
      choice,
      what: command.toString(),
    };
  });
  const locales = world.locales.map((env) => env.book.locale ?? null).map((locale) => ({ locale, restUrl: restUrl(locale) }));
  return { commands: recorded, locales };
}

/** The identity a recorded one stands for in `world`: the main account as the main account, else by name. */
function identityIndex(world: ModelWorld, recorded: RecordedIdentity): number {
  return world.identities.findIndex((identity) =>
    recorded.main
      ? world.main !== undefined && identity.name === world.main.name
      : recorded.anonymous
        ? identity.credentials === undefined
        : identity.name === recorded.name,
  );
}

/** The recorded commands as commands of `world`, or why one cannot be (a family, locale or account it lacks). */
export function replayCommands(world: ModelWorld, recorded: readonly RecordedCommand[]): Command[] | string {
  const commands: Command[] = [];
  for (const one of recorded) {
    const family = world.families.findIndex((wf) => wf.family.name === one.family);
    if (family === -1) return `the target has no ${one.family} a sequence can create, read and delete`;
    const locale = world.locales.findIndex((env) => (env.book.locale ?? null) === one.locale);
    if (locale === -1) return `the replay does not run in the locale ${one.locale ?? '(none)'}`;
    const who = identityIndex(world, one.identity);
    if (who === -1) return `the replay has no account ${one.identity.name}`;
    const drawn: Drawn = { family, locale, who, pick: one.pick, choice: one.choice };
    commands.push(new KINDS[one.kind](world, drawn));
  }
  return commands;
}
