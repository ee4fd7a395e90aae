import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDescriptor, type RootDescriptor } from '../../../descriptor/index.js';
import { otherRouteServing } from './route-owner.js';

const root = JSON.parse(readFileSync(new URL('../../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;
const descriptors = [loadDescriptor(root, null, 'fixture')];
const TEMPLATE_ITEM = '/wp/v2/templates/(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)';

describe('otherRouteServing on the WordPress 6.1 index', () => {
  it('finds the route that takes a method another route of the same path lacks', () => {
    // Real WordPress answers POST /wp/v2/templates/1/revisions with the item route's rest_template_not_found.
    expect(otherRouteServing(descriptors, null, 'POST', '/wp/v2/templates/1/revisions', '/wp/v2/templates/(?P<parent>[\\d]+)/revisions')).toBe(TEMPLATE_ITEM);
    expect(
      otherRouteServing(
        descriptors,
        null,
        'DELETE',
        '/wp/v2/users/me/application-passwords/introspect',
        '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/introspect',
      ),
    ).toBe('/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/(?P<uuid>[\\w\\-]+)');
  });

  it('finds none where the path belongs to one route only', () => {
    expect(otherRouteServing(descriptors, null, 'DELETE', '/wp/v2/settings', '/wp/v2/settings')).toBeUndefined();
    expect(otherRouteServing(descriptors, null, 'PUT', '/wp/v2/posts', '/wp/v2/posts')).toBeUndefined();
    // Another locale's descriptor is never consulted.
    expect(otherRouteServing(descriptors, 'el', 'POST', '/wp/v2/templates/1/revisions', '/wp/v2/templates/(?P<parent>[\\d]+)/revisions')).toBeUndefined();
  });
});
