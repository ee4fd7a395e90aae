/**
 * Where vitest finds the workspace's packages (`@restconform/server`, `@restconform/interface`): their sources, as
 * `npm run typecheck` reads them. Each package's `exports` maps this condition to `src/`, so tests need no build of
 * the packages first and always run the code as it is; Node and the published package use `dist/`.
 */
import { defaultServerConditions, type UserConfig } from 'vite';

export const WORKSPACE_SOURCES: Pick<UserConfig, 'ssr'> = {
  ssr: { resolve: { conditions: ['@restconform/source', ...defaultServerConditions] } },
};
