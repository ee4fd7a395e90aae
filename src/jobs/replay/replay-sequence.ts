/**
 * `restconform replay` for a finding of a model-based sequence (`sequence_model`): runs the shrunk sequence's
 * commands again through the model runner, as the `sequences` phase ran it when it reported the finding. Each
 * command is the same (kind, family, locale, account, the resource and fields fast-check picked); the values it
 * writes are drawn from a fresh token, so the replay makes fresh resources, and the model judges every step as the
 * phase does. What the replay made is deleted at its end, as every sequence's is.
 */
import { sequenceModel } from '../../checks/sequences/sequence-model.js';
import type { SequenceReplay } from '../../checks/sequences/evidence.js';
import type { Finding } from '../../checks/types.js';
import { loadConfig } from '../../config/index.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { credentialSecrets, redactSecrets, type Identity } from '../../request/index.js';
import type { Credentials } from '../../request/types.js';
import { runCommands } from '../../engine/phases/sequences/runner.js';
import { replayCommands } from '../../engine/phases/sequences/recorded.js';
import { modelWorld } from '../../engine/phases/sequences/world.js';
import { runOperations } from '../../engine/engine.js';
import { PHASES } from '../../engine/phases/index.js';
import { standalonePhaseContext } from '../../engine/standalone-phase-context.js';
import { Execution } from '../../engine/execution/execution.js';
import { seededToken } from '../../engine/steps/token.js';
import { EXCHANGE_CHECKS } from '../../checks/index.js';
import type { StoreAccounts } from '@restconform/server';
import { UsageError } from '../errors.js';
import { openTarget, type OpenTargetOptions } from '../target.js';

/** True for a finding replay re-runs as a model-based sequence: one of `sequence_model`, with its commands recorded. */
export function isSequenceFinding(finding: Finding): finding is Finding & { replay: { sequence: SequenceReplay } } {
  return finding.check === sequenceModel.name && finding.replay.sequence !== undefined;
}

export interface SequenceReplayInput {
  finding: Finding & { replay: { sequence: SequenceReplay } };
  /** The report's target, and its seed (the fresh values' token is drawn from it). */
  target: string;
  seed: number;
  /** The server replayed against (see `targetOf`). */
  open: OpenTargetOptions;
  options: { out: NodeJS.WritableStream };
  retarget(url: string, oldBase: string, newBase: string): string;
  /** The run's own account: on the bundled server (its accounts given) the administrator, else from the environment. */
  mainCredentials(accounts: StoreAccounts | undefined): Credentials | undefined;
  /** The further accounts the sequence used, by name, with their credentials (a usage error when one lacks them). */
  accounts(accounts: StoreAccounts | undefined, needed: ReadonlyArray<{ name: string; login?: string; passwordEnv?: string; role: string }>): Identity[];
}

/** A path inside the target, for a step's request line. */
function requestLine(method: string, url: string): string {
  const parsed = new URL(url);
  return `${method} ${parsed.pathname}${parsed.search}`;
}

/** Runs a sequence finding's commands again; resolves to the exit code (0: the model held this time, 1: broken again). */
export async function replaySequence(input: SequenceReplayInput): Promise<number> {
  const { finding, options } = input;
  const recorded = finding.replay.sequence;
  const out = options.out;
  const needed = new Map(recorded.commands.filter((one) => !one.identity.main && !one.identity.anonymous).map((one) => [one.identity.name, one.identity]));
  let accounts: Identity[] = [];
  const target = await openTarget({
    ...input.open,
    // Each locale's descriptor, where the sequence read it, moved to the server replayed against.
    descriptors: (base) => recorded.locales.map(({ locale, restUrl }) => ({ locale, restUrl: input.retarget(restUrl, input.target, base) })),
    accounts: (bundled) => {
      const credentials = input.mainCredentials(bundled);
      if (credentials === undefined) throw new UsageError(`${finding.id} is a sequence the run's own account made; give its credentials`);
      accounts = input.accounts(bundled, [...needed.values()]);
      return { credentials };
    },
  });
  try {
    const { transport, descriptors, baseUrl: base } = target;
    const credentials = target.credentials!;
    const secrets = [credentials, ...accounts.flatMap((account) => (account.credentials ? [account.credentials] : []))].flatMap(credentialSecrets);
    const restUrls = new Map(recorded.locales.map(({ locale, restUrl }) => [locale, input.retarget(restUrl, input.target, base)]));
    const execution = new Execution({ seed: input.seed, sender: transport, checks: EXCHANGE_CHECKS, restUrls, credentials, accounts, secrets, emit: () => {} });
    const operations = runOperations(descriptors, false);
    const ctx = standalonePhaseContext({
      execution,
      descriptors,
      operations,
      settings: loadConfig({ knownPhases: PHASES.map((phase) => phase.name), overrides: { seed: input.seed } }),
      safeMethodsOnly: false,
      contract: INTERFACE_CONTRACT,
    });
    const world = modelWorld(ctx);
    const commands = replayCommands(world, recorded.commands);
    if (typeof commands === 'string') throw new UsageError(`${finding.id} cannot be replayed against ${base}: ${commands}`);

    out.write(`replaying the sequence of ${finding.id}, ${commands.length} command${commands.length === 1 ? '' : 's'} on fresh resources:\n`);
    for (const one of recorded.commands) out.write(`  ${one.what}\n`);
    // A token of its own: what the run made under its tokens may still hold their unique values (a login, an
    // address), even deleted, on a server that only hides what it deletes.
    const token = seededToken(input.seed, 'p', Date.now() % 1_000_000);
    const { script, violation } = await runCommands(ctx, finding.replay.phase, world, token, commands, `replay of ${finding.id}`, true);
    const redact = (text: string): string => redactSecrets(text, secrets);
    for (const step of script?.steps ?? []) out.write(`${redact(step.step)}${step.detail === undefined ? '' : `: ${redact(step.detail)}`}\n`);
    out.write(`requests, in order:\n`);
    for (const exchange of script?.exchanges ?? [])
      out.write(
        `  ${requestLine(exchange.request.method, exchange.request.url)} answered ${exchange.response?.status ?? `no response (${exchange.error?.code ?? 'unknown error'})`}\n`,
      );
    for (const line of script?.leftovers ?? []) out.write(`left behind: ${redact(line)}\n`);
    if (violation !== undefined) {
      for (const failure of violation.failures) out.write(`${finding.id} still fails ${finding.check}: ${redact(failure.message)}\n`);
      return 1;
    }
    out.write(
      `${finding.id}: the model held this time (${finding.check}). A sequence's outcome may depend on the server's state (caches, other writers): one that held does not show it fixed.\n`,
    );
    return 0;
  } finally {
    await target.close();
  }
}
