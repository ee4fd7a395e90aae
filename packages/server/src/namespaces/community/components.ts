/**
 * The platform's components (members, profile fields, activity…): listed and switched on or off by an
 * administrator. Required components cannot be switched off.
 */
import { WpError, type RouteHandlers, type ServerRequest, type ServerContext, type Store } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { pagedResponse } from './paging.js';
import { stringParam } from './params.js';
import { administratorOnly } from './permissions.js';
import { EDITABLE, forMethods } from './route-methods.js';
import { storeSlice } from './store-slice.js';

const MODULE_NAME = 'components';

type ComponentType = 'required' | 'optional' | 'retired';

interface Component {
  name: string;
  title: string;
  description: string;
  type: ComponentType;
  active: boolean;
}

/** The platform's components and how a fresh site has them. */
const CATALOGUE: readonly Component[] = [
  {
    name: 'members',
    title: 'Community Members',
    description: 'Everything in a community website revolves around its members.',
    type: 'required',
    active: true,
  },
  { name: 'xprofile', title: 'Member Profiles', description: 'Customize your community with fully editable profile fields.', type: 'required', active: true },
  {
    name: 'settings',
    title: 'Account Settings',
    description: 'Allow your members to modify their account and notification settings.',
    type: 'optional',
    active: true,
  },
  { name: 'activity', title: 'Activity Feeds', description: 'Global, personal, and group activity feeds.', type: 'optional', active: true },
  { name: 'groups', title: 'Social Groups', description: 'Allow your members to organize themselves into groups.', type: 'optional', active: true },
  { name: 'messages', title: 'Private Messaging', description: 'Allow your members to talk to each other privately.', type: 'optional', active: true },
  { name: 'notifications', title: 'Notifications', description: 'Notify members of relevant activity.', type: 'optional', active: true },
  { name: 'friends', title: 'Member Connections', description: 'Allow members to make connections with each other.', type: 'optional', active: false },
  { name: 'forums', title: 'Forum Discussions', description: 'Allow members to have discussions using forums.', type: 'optional', active: true },
  { name: 'media', title: 'Photos', description: 'Allow members to upload photos and albums.', type: 'optional', active: true },
  { name: 'document', title: 'Documents', description: 'Allow members to upload documents and folders.', type: 'optional', active: false },
  { name: 'moderation', title: 'Moderation', description: 'Allow members to block each other and report content.', type: 'optional', active: true },
  { name: 'blogs', title: 'Site Tracking', description: 'Record activity for new posts and comments on your site.', type: 'retired', active: false },
];

function componentsState(store: Store): Map<string, Component> {
  return storeSlice(store, MODULE_NAME, () => new Map(CATALOGUE.map((component) => [component.name, { ...component }])));
}

/** Names of the active components (the settings route reports them). */
export function activeComponentNames(store: Store): string[] {
  return [...componentsState(store).values()].filter((component) => component.active).map((component) => component.name);
}

function serializeComponent(component: Component): Record<string, unknown> {
  return {
    name: component.name,
    is_active: component.active,
    status: component.active ? 'active' : 'inactive',
    title: component.title,
    description: component.description,
    type: component.type,
  };
}

function listComponents(req: ServerRequest, ctx: ServerContext) {
  const status = stringParam(req.params, 'status', 'all');
  const type = stringParam(req.params, 'type', 'all');
  const search = stringParam(req.params, 'search').trim().toLowerCase();
  const components = [...componentsState(ctx.store).values()].filter(
    (component) =>
      (status === 'all' || (status === 'active') === component.active) &&
      (type === 'all' || component.type === type) &&
      (search === '' || [component.name, component.title, component.description].some((text) => text.toLowerCase().includes(search))),
  );
  return pagedResponse(components, req.params, serializeComponent);
}

/** Activates or deactivates a component, refusing a change that changes nothing or removes a required one. */
function switchComponent(req: ServerRequest, ctx: ServerContext) {
  const name = stringParam(req.params, 'name').trim();
  const component = componentsState(ctx.store).get(name);
  if (component === undefined) throw new WpError('bp_rest_component_nonexistent', 'The component does not exist.', 404);
  if (stringParam(req.params, 'action') === 'activate') {
    if (component.active) throw new WpError('bp_rest_component_already_active', 'The component is already active.', 400);
    component.active = true;
  } else {
    if (component.type === 'required') throw new WpError('bp_rest_required_component', 'A required component cannot be deactivated.', 400);
    if (!component.active) throw new WpError('bp_rest_component_inactive', 'The component is not active.', 400);
    component.active = false;
  }
  return { status: 200, body: serializeComponent(component) };
}

const administrators = administratorOnly('bp_rest_authorization_required', 'Sorry, you are not allowed to manage components.');

const routes: RouteHandlers[] = [
  {
    route: '/community/v1/components',
    methods: {
      GET: { permission: administrators, handle: listComponents },
      ...forMethods(EDITABLE, { permission: administrators, handle: switchComponent }),
    },
  },
];

/** Components of the community namespace. */
export const module: ResourceModule = { name: MODULE_NAME, seed: (store) => void componentsState(store), routes };
