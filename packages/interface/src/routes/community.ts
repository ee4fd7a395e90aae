/** `community/v1` in the document's order: moderation, components, settings, members, signups, profile. */
import type { ContractRoute } from '../types.js';
import { COMPONENT_ROUTES, MODERATION_ROUTES, SETTINGS_ROUTES } from './community-moderation.js';
import { MEMBER_ROUTES } from './community-members.js';
import { COMMUNITY_NAMESPACE } from './community-namespace.js';
import { PROFILE_ROUTES } from './community-profile.js';
import { SIGNUP_ROUTES } from './community-signups.js';
import { namespaceIndexRoute } from './core.js';

export const COMMUNITY_ROUTES: ContractRoute[] = [
  namespaceIndexRoute(COMMUNITY_NAMESPACE),
  ...MODERATION_ROUTES,
  ...COMPONENT_ROUTES,
  ...SETTINGS_ROUTES,
  ...MEMBER_ROUTES,
  ...SIGNUP_ROUTES,
  ...PROFILE_ROUTES,
];
