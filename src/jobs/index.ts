/**
 * One run end to end: start the target (the bundled reference server when no base URL is given), fetch each
 * locale's descriptor, run the engine with the resolved settings, write the reports. Shared by the command line
 * (`cli/`), the library (`library/`) and the vitest entry (`vitest/`); none of them runs the engine another way.
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
