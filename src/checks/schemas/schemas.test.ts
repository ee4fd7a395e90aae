import { describe, expect, it } from 'vitest';
import { jsonExchange, withResponse, wpError } from '../testing/exchange-builders.js';
import { contextFieldSets } from './context-field-sets.js';
import { editContextRights, needsViewAnswer } from './edit-context-rights.js';
import { fieldsParameter, fieldsValue } from './fields-parameter.js';
import { headAsGet } from './head-as-get.js';

describe('context_field_sets', () => {
  it('fires when a narrower context shows a field the wider one does not, in the schema or the answers', () => {
    expect(contextFieldSets.judge({ seenIn: 'schema', narrow: 'embed', wide: 'view', narrowFields: ['id', 'link'], wideFields: ['id'] })).toEqual([
      { message: 'the published schema shows link in context embed but not in view', cause: 'schema embed view' },
    ]);
    expect(contextFieldSets.judge({ seenIn: 'answers', narrow: 'view', wide: 'edit', narrowFields: ['id', 'name'], wideFields: ['id'] })).toEqual([
      { message: 'context=view answered name, which context=edit did not', cause: 'answer view edit' },
    ]);
  });

  it('stays quiet when the narrower fields are among the wider', () => {
    expect(contextFieldSets.judge({ seenIn: 'answers', narrow: 'view', wide: 'edit', narrowFields: ['id'], wideFields: ['id', 'email'] })).toEqual([]);
  });
});

describe('edit_context_rights', () => {
  const view = jsonExchange(200, { id: 1, name: 'a' });

  it('accepts WordPress refusals without asking for view', () => {
    expect(needsViewAnswer(wpError(401, 'rest_forbidden_context'))).toBe(false);
    expect(needsViewAnswer(wpError(403, 'rest_cannot_view'))).toBe(false);
    expect(editContextRights.judge({ edit: wpError(401, 'rest_forbidden_context') })).toEqual([]);
  });

  it('warns on a refusal in other words when view is allowed, and not when view is refused too', () => {
    const edit = wpError(401, 'rest_not_logged_in');
    expect(needsViewAnswer(edit)).toBe(true);
    expect(editContextRights.judge({ edit, view })).toEqual([
      {
        message: 'context=edit without credentials answered 401 rest_not_logged_in, not rest_forbidden_context or rest_cannot_view (view is allowed)',
        cause: 'code rest_not_logged_in',
        severity: 'warning',
      },
    ]);
    expect(editContextRights.judge({ edit, view: wpError(401, 'rest_not_logged_in') })).toEqual([]);
  });

  it('fails an edit answer that shows an anonymous caller more than view, or anything when view is refused', () => {
    const edit = jsonExchange(200, { id: 1, name: 'a', email: 'a@example.org' });
    expect(editContextRights.judge({ edit, view })).toEqual([
      { message: 'context=edit showed an anonymous caller email, which view does not show', cause: 'extra email' },
    ]);
    expect(editContextRights.judge({ edit, view: wpError(401, 'rest_forbidden') })[0]?.cause).toBe('edit without view');
    expect(editContextRights.judge({ edit: jsonExchange(200, { id: 1 }), view })).toEqual([]);
  });

  it('does not count keys an edit answer keeps with their values blanked, as BuddyPress does for an anonymous caller', () => {
    const members = jsonExchange(200, [{ id: 1, name: 'a' }]);
    const blanked = { roles: [], capabilities: {}, registered_date: null, nickname: '' };
    expect(editContextRights.judge({ edit: jsonExchange(200, [{ id: 1, name: 'a', ...blanked }]), view: members })).toEqual([]);
    // One item that holds a value shows the key.
    const edit = jsonExchange(200, [
      { id: 1, name: 'a', ...blanked },
      { id: 2, name: 'b', ...blanked, roles: ['administrator'] },
    ]);
    expect(editContextRights.judge({ edit, view: members })).toEqual([
      { message: 'context=edit showed an anonymous caller roles, which view does not show', cause: 'extra roles' },
    ]);
  });
});

describe('fields_parameter', () => {
  const asked = { plain: ['id', 'name'], nested: { field: 'title', key: 'rendered' } };

  it('asks for the plain keys and the dot path', () => {
    expect(fieldsValue(asked)).toBe('id,name,title.rendered');
  });

  it('stays quiet on exactly the keys asked for (hypermedia aside)', () => {
    const answer = jsonExchange(200, [
      { id: 1, name: 'a', title: { rendered: 'x' }, _links: {} },
      { id: 2, title: { rendered: 'y' } },
    ]);
    expect(fieldsParameter.judge({ ...asked, answer })).toEqual([]);
  });

  it('fires on a key not asked for, or on more of a nested object than its dot path', () => {
    const extra = jsonExchange(200, [{ id: 1, name: 'a', title: { rendered: 'x' }, email: 'e' }]);
    expect(fieldsParameter.judge({ ...asked, answer: extra })).toEqual([
      { message: '_fields=id,name,title.rendered answered keys email, id, name, title where id, name, title were asked for', cause: 'fields' },
    ]);
    const nested = jsonExchange(200, { id: 1, name: 'a', title: { rendered: 'x', raw: 'x' } });
    expect(fieldsParameter.judge({ ...asked, answer: nested })[0]?.message).toBe(
      '_fields=id,name,title.rendered answered title with keys rendered, raw where only title.rendered was asked for',
    );
  });
});

describe('head_as_get', () => {
  const get = jsonExchange(200, { id: 1 });

  it('stays quiet on the same status without a body', () => {
    expect(headAsGet.judge({ get, head: withResponse({ status: 200, headers: {}, bodyText: '', truncated: false }) })).toEqual([]);
  });

  it('fires on another status and on a body', () => {
    expect(headAsGet.judge({ get, head: withResponse({ status: 404, headers: {}, bodyText: 'gone', truncated: false }) })).toEqual([
      { message: 'HEAD answered status 404 where GET answered 200 and a body of 4 characters', cause: 'status a' },
    ]);
  });
});
