/**
 * `oembed/1.0`. `/embed` is WordPress core's, which declares a type only on `url`; `/proxy` types every arg;
 * `/embed/activity` (the community plugin's) declares none.
 */
import { arg, requiredArg } from '../args.js';
import type { ContractArg, ContractRoute } from '../types.js';
import { namespaceIndexRoute } from './core.js';

const NAMESPACE = 'oembed/1.0';

/** WordPress's `oembed_default_width`. */
export const OEMBED_DEFAULT_MAXWIDTH = 600;

const URL_DESCRIPTION = 'The URL of the resource for which to fetch oEmbed data.';
const FORMAT_DESCRIPTION = 'The oEmbed format to use.';
const MAXWIDTH_DESCRIPTION = 'The maximum width of the embed frame in pixels.';

function untypedFormatArg(): ContractArg {
  return arg({ default: 'json' }, FORMAT_DESCRIPTION);
}

function untypedMaxwidthArg(): ContractArg {
  return arg({ default: OEMBED_DEFAULT_MAXWIDTH }, MAXWIDTH_DESCRIPTION);
}

export const OEMBED_ROUTES: ContractRoute[] = [
  namespaceIndexRoute(NAMESPACE),
  {
    route: '/oembed/1.0/embed',
    namespace: NAMESPACE,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          url: requiredArg({ type: 'string', format: 'uri' }, URL_DESCRIPTION),
          format: untypedFormatArg(),
          maxwidth: untypedMaxwidthArg(),
        },
      },
    ],
  },
  {
    route: '/oembed/1.0/proxy',
    namespace: NAMESPACE,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          url: requiredArg({ type: 'string', format: 'uri' }, URL_DESCRIPTION),
          format: arg({ type: 'string', enum: ['json', 'xml'], default: 'json' }, FORMAT_DESCRIPTION),
          maxwidth: arg({ type: 'integer', default: OEMBED_DEFAULT_MAXWIDTH }, MAXWIDTH_DESCRIPTION),
          maxheight: arg({ type: 'integer' }, 'The maximum height of the embed frame in pixels.'),
          discover: arg({ type: 'boolean', default: true }, 'Whether to perform an oEmbed discovery request for unsanctioned providers.'),
        },
      },
    ],
  },
  {
    route: '/oembed/1.0/embed/activity',
    namespace: NAMESPACE,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          url: requiredArg({}, URL_DESCRIPTION),
          format: untypedFormatArg(),
          maxwidth: untypedMaxwidthArg(),
          hide_media: arg({ default: false }, 'Whether to hide the media of the embedded activity.'),
        },
      },
    ],
  },
];
