/**
 * Extended profiles: groups of fields, fields (with their options) and each member's data. The routes live in
 * `profile-groups.ts`, `profile-fields.ts` and `profile-data.ts`; this file seeds and registers them.
 */
import type { Faker } from '@faker-js/faker';
import type { Store } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { restDate, SEED_REFERENCE_DATE } from './dates.js';
import { profileDataRoutes } from './profile-data.js';
import { addField, blankField, profileFieldRoutes } from './profile-fields.js';
import { addGroup, profileGroupRoutes } from './profile-groups.js';
import { dataKey, PROFILE_MODULE, profileState, type ProfileField } from './profile-state.js';

const DISCIPLINES = ['Physics', 'Chemistry', 'Biology', 'Mathematics', 'Computer Science'];
const INTERESTS = ['Teaching', 'Research', 'Coaching', 'Outreach'];

function seedField(store: Store, values: Partial<ProfileField> & Pick<ProfileField, 'group_id' | 'type' | 'name'>, options: string[] = []): ProfileField {
  const field = addField(store, { ...blankField(store.nextId('profile_field')), ...values });
  options.forEach((name, index) =>
    addField(store, {
      ...blankField(store.nextId('profile_field')),
      group_id: field.group_id,
      parent_id: field.id,
      type: 'option',
      name,
      option_order: index + 1,
    }),
  );
  return field;
}

/** Three groups (the base group cannot be deleted), eight fields, and data for every member. */
function seedProfile(store: Store, faker: Faker): void {
  const base = addGroup(store, { name: 'Base', description: 'Fields every member fills in.', can_delete: false, repeater_enabled: false });
  const about = addGroup(store, { name: 'About', description: 'Background and interests.', can_delete: true, repeater_enabled: false });
  const coaching = addGroup(store, { name: 'Coaching', description: 'For coaches.', can_delete: true, repeater_enabled: false });

  const name = seedField(store, { group_id: base.id, type: 'textbox', name: 'Name', is_required: true, can_delete: false, field_order: 1 });
  const nickname = seedField(store, { group_id: base.id, type: 'textbox', name: 'Nickname', field_order: 2 });
  const discipline = seedField(store, { group_id: about.id, type: 'selectbox', name: 'Discipline', field_order: 1 }, DISCIPLINES);
  const website = seedField(store, { group_id: about.id, type: 'url', name: 'Website', field_order: 2, do_autolink: 'on' });
  const birthday = seedField(store, { group_id: about.id, type: 'datebox', name: 'Birthday', field_order: 3, default_visibility: 'adminsonly' });
  const experience = seedField(store, { group_id: about.id, type: 'number', name: 'Years of experience', field_order: 4 });
  const interests = seedField(store, { group_id: about.id, type: 'checkbox', name: 'Interests', field_order: 5 }, INTERESTS);
  seedField(store, { group_id: coaching.id, type: 'textbox', name: 'Coaching licence', field_order: 1, member_types: ['coach', 'teacher-coach'] });

  const data = profileState(store).data;
  const put = (fieldId: number, memberId: number, value: string[]) =>
    data.set(dataKey(fieldId, memberId), {
      value,
      last_updated: restDate(faker.date.between({ from: '2025-01-01T00:00:00Z', to: SEED_REFERENCE_DATE })),
    });
  for (const member of store.members.values()) {
    put(name.id, member.id, [member.name]);
    if (faker.datatype.boolean()) put(nickname.id, member.id, [faker.word.adjective()]);
    put(discipline.id, member.id, [faker.helpers.arrayElement(DISCIPLINES)]);
    if (faker.datatype.boolean()) put(website.id, member.id, [faker.internet.url()]);
    if (faker.datatype.boolean())
      put(birthday.id, member.id, [restDate(faker.date.birthdate({ mode: 'age', min: 18, max: 70, refDate: SEED_REFERENCE_DATE })).slice(0, 10)]);
    put(experience.id, member.id, [String(faker.number.int({ min: 0, max: 40 }))]);
    put(interests.id, member.id, faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 }));
  }
}

/** Profile groups, fields and data of the community namespace. */
export const module: ResourceModule = {
  name: PROFILE_MODULE,
  seed: seedProfile,
  routes: [...profileGroupRoutes, ...profileFieldRoutes, ...profileDataRoutes],
};
