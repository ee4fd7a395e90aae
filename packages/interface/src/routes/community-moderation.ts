/** `community/v1`: moderation (blocking and reports), components and settings. */
import { arg, contextArg, excludeArg, flagArg, includeArg, integerIdArg, orderArg, pageArg, perPageArg, requiredArg, searchArg } from '../args.js';
import type { ContractRoute } from '../types.js';
import { COMMUNITY_NAMESPACE } from './community-namespace.js';

/** Report categories as the document lists them (term IDs of the plugin's categories, plus `other`). */
export const REPORT_CATEGORIES = ['27', '24', '25', '23', '26', 'other'];

/** Kinds of content a report can be about. */
export const REPORT_ITEM_TYPES = ['activity', 'activity_comment', 'groups', 'forum', 'forum_topic', 'forum_reply', 'document', 'media', 'comment'];

const MODERATION_ID_DESCRIPTION = 'A unique numeric ID for the moderation item.';

export const MODERATION_ROUTES: ContractRoute[] = [
  {
    route: '/community/v1/moderation',
    namespace: COMMUNITY_NAMESPACE,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          context: contextArg(['view', 'edit']),
          page: pageArg(),
          per_page: perPageArg(),
          item_id: arg({ type: 'integer' }, 'Limit results to the moderation record of this item ID.'),
          order: orderArg(),
          order_by: arg(
            {
              type: 'string',
              enum: ['id', 'item_type', 'item_id', 'last_updated', 'hide_sitewide'],
              default: 'last_updated',
            },
            'Order moderation items by attribute.',
          ),
          exclude: excludeArg(),
          include: includeArg(),
          reporters: flagArg(false, 'Whether to include the reporters of each item.'),
          status: arg({ type: 'boolean' }, 'Limit results by status: 0 for blocked, 1 for suspended.'),
          blog_id: arg({ type: 'integer' }, 'Limit results to one site of the network.'),
        },
      },
      {
        methods: ['POST'],
        args: {
          item_id: requiredArg({ type: 'integer' }, 'ID of the item to block.'),
          type: requiredArg({ type: 'string', enum: ['user'], default: 'user' }, 'Type of the item to block.'),
        },
      },
    ],
  },
  {
    route: String.raw`/community/v1/moderation/(?P<id>[\d]+)`,
    namespace: COMMUNITY_NAMESPACE,
    endpoints: [
      { methods: ['GET'], args: { id: integerIdArg(MODERATION_ID_DESCRIPTION, true) } },
      { methods: ['DELETE'], args: { id: integerIdArg(MODERATION_ID_DESCRIPTION, true) } },
    ],
  },
  {
    route: '/community/v1/moderation/report',
    namespace: COMMUNITY_NAMESPACE,
    endpoints: [
      { methods: ['GET'], args: { context: contextArg(['view']) } },
      {
        methods: ['POST'],
        args: {
          report_category: requiredArg({ type: 'string', enum: REPORT_CATEGORIES }, 'Category of the report.'),
          note: arg({ type: 'string', default: '' }, 'Notes for a report in the other category.'),
          item_id: requiredArg({ type: 'integer' }, 'ID of the reported item.'),
          item_type: requiredArg({ type: 'string', enum: REPORT_ITEM_TYPES }, 'Type of the reported item.'),
          // `view`, the usual default, is outside this enumeration, and WordPress validates defaults.
          context: contextArg(['edit'], null),
        },
      },
    ],
  },
];

export const COMPONENT_ROUTES: ContractRoute[] = [
  {
    route: '/community/v1/components',
    namespace: COMMUNITY_NAMESPACE,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          context: contextArg(['view', 'edit']),
          page: pageArg(),
          per_page: perPageArg(),
          search: searchArg(),
          status: arg({ type: 'string', enum: ['all', 'active', 'inactive'], default: 'all' }, 'Limit results to components with a status.'),
          type: arg({ type: 'string', enum: ['all', 'optional', 'retired', 'required'], default: 'all' }, 'Limit results to components of a type.'),
        },
      },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        allowBatch: true,
        args: {
          name: requiredArg({ type: 'string' }, 'Name of the component.'),
          action: requiredArg({ type: 'string', enum: ['activate', 'deactivate'] }, 'Whether to activate or deactivate the component.'),
        },
      },
    ],
  },
];

export const SETTINGS_ROUTES: ContractRoute[] = [
  {
    route: '/community/v1/settings',
    namespace: COMMUNITY_NAMESPACE,
    endpoints: [{ methods: ['GET'], args: { context: contextArg() } }],
  },
];
