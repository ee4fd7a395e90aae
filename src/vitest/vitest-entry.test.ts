/**
 * The vitest entry (`restconform/vitest`) used as a user would: this file's tests are the ones `conformanceTests`
 * declares for the bundled reference server (one locale, two checks, the examples phase, to stay quick).
 */
import { conformanceTests } from './index.js';

await conformanceTests({ env: {}, locales: ['en_gb'], phases: ['examples'], checks: ['not_a_server_error', 'invalid_rejected'], fuzzExamples: 1 });
