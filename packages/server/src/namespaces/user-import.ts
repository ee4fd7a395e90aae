/**
 * `user-import/v1`: the bulk user importer's cron trigger. Imports wait in a seeded queue; each call runs the
 * oldest pending one and reports how many ran and how many remain. Imported rows are recorded in this
 * module's slice only: member accounts belong to the community modules and are not created here.
 */
import type { Faker } from '@faker-js/faker';
import type { Store } from '../types.js';
import type { ResourceModule } from './module.js';
import { administratorsOnly } from './plugins/access.js';
import { moduleState } from './plugins/module-state.js';
import { oneMethodRoute } from './plugins/route-builders.js';
import { restDateTime, seededDate } from './plugins/seed-dates.js';

const MODULE_NAME = 'user-import';
const SEEDED_JOB_COUNT = 3;

interface ImportRow {
  user_login: string;
  email: string;
  display_name: string;
}

/** One uploaded file waiting for (or done with) the cron run. */
interface ImportJob {
  id: number;
  file: string;
  scheduled: string;
  status: 'pending' | 'done';
  rows: ImportRow[];
  /** Filled when the job runs: logins created, and logins skipped because they already existed. */
  imported: string[];
  skipped: string[];
}

interface UserImportState {
  /** Oldest first. */
  jobs: ImportJob[];
  /** Logins an earlier job imported, so a later job skips them. */
  importedLogins: Set<string>;
}

function seedRows(faker: Faker, store: Store): ImportRow[] {
  const rows = Array.from({ length: faker.number.int({ min: 3, max: 6 }) }, () => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      user_login: faker.internet
        .username({ firstName, lastName })
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, ''),
      email: faker.internet.email({ firstName, lastName, provider: 'example.org' }).toLowerCase(),
      display_name: `${firstName} ${lastName}`,
    };
  });
  // One row names an existing account, so a run shows a skipped row as real imports do.
  const existing = store.members.values().next().value;
  if (existing !== undefined) rows.push({ user_login: existing.user_login, email: existing.email, display_name: existing.name });
  return rows;
}

function seed(store: Store, faker: Faker): void {
  const jobs: ImportJob[] = Array.from({ length: SEEDED_JOB_COUNT }, (_, index) => ({
    id: index + 1,
    file: `members-${index + 1}.csv`,
    scheduled: restDateTime(seededDate(faker, index * 7, index * 7 + 6)),
    status: 'pending',
    rows: seedRows(faker, store),
    imported: [],
    skipped: [],
  }));
  store.namespaces[MODULE_NAME] = { jobs, importedLogins: new Set() } satisfies UserImportState;
}

function runJob(job: ImportJob, state: UserImportState, store: Store): void {
  const existingLogins = new Set([...store.members.values()].map((member) => member.user_login));
  for (const row of job.rows) {
    const taken = existingLogins.has(row.user_login) || state.importedLogins.has(row.user_login);
    (taken ? job.skipped : job.imported).push(row.user_login);
    state.importedLogins.add(row.user_login);
  }
  job.status = 'done';
}

function executeCron(store: Store): Record<string, unknown> {
  const state = moduleState<UserImportState>(store, MODULE_NAME);
  const job = state.jobs.find((candidate) => candidate.status === 'pending');
  if (job !== undefined) runJob(job, state, store);
  const remaining = state.jobs.filter((candidate) => candidate.status === 'pending').length;
  const report = job === undefined ? null : { id: job.id, file: job.file, imported: job.imported, skipped: job.skipped };
  return { success: true, executed: job === undefined ? 0 : 1, remaining, job: report };
}

/** The user-import module: `GET /user-import/v1/execute-cron`, administrators only. */
export const module: ResourceModule = {
  name: MODULE_NAME,
  seed,
  routes: [
    oneMethodRoute('/user-import/v1/execute-cron', 'GET', {
      permission: administratorsOnly,
      answer: (_req, ctx) => executeCron(ctx.store),
    }),
  ],
};
