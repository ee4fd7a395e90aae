/**
 * Each command end to end, as a job: `runJob`, `replayJob`, `cleanupJob`, `exportJob`, `resourcesJob`, `mergeJob`.
 * Every job that sends to a server opens it through `openTarget` (target.ts): the bundled reference server or a named
 * one, the job's one transport, its descriptors, its accounts checked. Shared by the command line (`cli/`, which only
 * parses arguments and prints), the library (`library/`) and the vitest entry (`vitest/`).
 */
export { exitCodeOf, runJob, seededAccounts, type RunJobIo, type RunJobResult } from './run-job.js';
export { CLEAN_UP_CAP_MS } from './interrupt.js';
export { fetchDescriptors, isLoopbackUrl, startBundledServer, type DescriptorSource, type FetchDescriptorsOptions } from './target.js';
export { readBaseline, baselineEntries } from './baseline-file.js';
export { readHints, hintProblems } from './hints-file.js';
export { readJsonFile, readJsonReport, looksLikeReport, validatedReport } from './read-report.js';
export { UsageError } from './errors.js';
export { knownCheckNames, knownNames, knownPhaseNames, loadRunSettings } from './settings.js';
export { VERSION } from './version.js';
export { openTarget, localePlaces, DESCRIPTOR_BODY_CAP, type OpenTarget, type OpenTargetOptions, type DescriptorPlace, type TargetAccounts } from './target.js';
export { loadDescriptorSource, type DescriptorSource as LoadedDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';
export { resourcesJob } from './resources-job.js';
export { replayJob, type ReplayOptions } from './replay/replay-job.js';
export { cleanupJob, type CleanupOptions } from './cleanup-job.js';
export { mergeJob, type MergeOptions } from './merge-job.js';
export { exportJob } from './export-job.js';
