/** Every resource module of the reference server, in registration order. */
import { module as analytics } from './analytics.js';
import { module as badges } from './badges.js';
import { module as calendar } from './calendar.js';
import { module as components } from './community/components.js';
import { module as members } from './community/members.js';
import { module as misc } from './community/misc.js';
import { module as moderation } from './community/moderation.js';
import { module as profile } from './community/profile.js';
import { module as communitySchemas } from './community/schemas.js';
import { module as signups } from './community/signups.js';
import type { ResourceModule } from './module.js';
import { module as oembed } from './oembed.js';
import { module as seo } from './seo.js';
import { module as userImport } from './user-import.js';

export const RESOURCE_MODULES: readonly ResourceModule[] = [
  members,
  signups,
  moderation,
  components,
  misc,
  profile,
  communitySchemas,
  oembed,
  seo,
  calendar,
  badges,
  analytics,
  userImport,
];
