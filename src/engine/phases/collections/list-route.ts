/**
 * What a list route's descriptor says about its collection arguments (docs/wordpress/behaviour.md#collections): which of
 * `per_page`, `page`, `search`, `include`, `exclude`, `offset`, `order` and `orderby` it declares, and with which
 * bounds, default and values. Every relation the collections phase checks needs its argument declared.
 */
import type { ArgDescriptor, Operation } from '../../../descriptor/types.js';

export interface ListRoute {
  op: Operation;
  /** `per_page`: its declared default (when a whole number) and the bounds a valid value keeps. */
  perPage: { default: number | undefined; minimum: number; maximum: number } | undefined;
  /** Paginated: `page` or `per_page` declared, so every answer carries the total headers. */
  paginated: boolean;
  page: boolean;
  search: boolean;
  include: boolean;
  exclude: boolean;
  offset: boolean;
  /**
   * The argument that orders by id (`orderby` or `order_by` whose enum holds `id`), when `order` takes `asc` and
   * `desc` too: ids are unique, so only this order is total. Any other order may tie, and then pages cut through
   * ties differently from one request to the next (MySQL is free to), so nothing that needs a total order is
   * claimed without it.
   */
  orderById: string | undefined;
}

/** Page sizes when `per_page` declares no maximum: WordPress core's. */
const CORE_MAXIMUM_PER_PAGE = 100;

const isInteger = (arg: ArgDescriptor | undefined): boolean =>
  arg !== undefined && (arg.type === 'integer' || (Array.isArray(arg.type) && arg.type.includes('integer')));

/** A list of integers or strings (ids), as `include` and `exclude` are. */
function isIdList(arg: ArgDescriptor | undefined): boolean {
  if (arg === undefined || arg.type !== 'array') return false;
  const items = arg.items as ArgDescriptor | undefined;
  return items === undefined || items.type === 'integer' || items.type === 'string';
}

function enumHolds(arg: ArgDescriptor | undefined, ...values: string[]): boolean {
  return arg !== undefined && Array.isArray(arg.enum) && values.every((value) => (arg.enum as unknown[]).includes(value));
}

/** The collection arguments of a GET operation, or undefined when it declares none of them. */
export function listRouteOf(op: Operation): ListRoute | undefined {
  if (op.method !== 'GET') return undefined;
  const args = op.args;
  const perPageArg = isInteger(args.per_page) ? args.per_page : undefined;
  const perPage = perPageArg && {
    default: typeof perPageArg.default === 'number' && Number.isInteger(perPageArg.default) && perPageArg.default > 0 ? perPageArg.default : undefined,
    minimum: Math.max(1, typeof perPageArg.minimum === 'number' ? Math.ceil(perPageArg.minimum) : 1),
    maximum: typeof perPageArg.maximum === 'number' ? Math.floor(perPageArg.maximum) : CORE_MAXIMUM_PER_PAGE,
  };
  const orderName = ['orderby', 'order_by'].find((name) => enumHolds(args[name], 'id'));
  const route: ListRoute = {
    op,
    perPage: perPage && perPage.maximum >= perPage.minimum ? perPage : undefined,
    paginated: perPageArg !== undefined || isInteger(args.page),
    page: isInteger(args.page),
    search: args.search !== undefined && (args.search.type === 'string' || args.search.type === undefined),
    include: isIdList(args.include),
    exclude: isIdList(args.exclude),
    offset: isInteger(args.offset),
    orderById: orderName !== undefined && enumHolds(args.order, 'asc', 'desc') ? orderName : undefined,
  };
  const declaresAny = route.paginated || route.search || route.include || route.exclude || route.offset || route.orderById !== undefined;
  return declaresAny ? route : undefined;
}
