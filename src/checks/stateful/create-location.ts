/** create_location: a create answers 201 with a Location naming the new item; a Location naming another resource is a failure. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { CreateAnswer } from './evidence.js';

export const createLocation: EvidenceCheck<CreateAnswer> = {
  name: 'create_location',
  severity: 'warning',
  description: 'A create answers 201 with a Location header naming the new item (warning when missing); a Location naming another resource is a failure.',
  evidence: 'stateful',
  judge({ family, id, status, location, named }): CheckFailure[] {
    if (location === undefined) {
      return [
        {
          message: `the ${family} create answered ${status} without a Location header; WordPress's posts, terms, users and comments controllers answer 201 with the new item's URL there`,
        },
      ];
    }
    if (named !== id) return [{ message: `the ${family} create's Location ${location} does not name the new ${family} ${id}`, severity: 'failure' }];
    if (status !== 201) return [{ message: `the ${family} create answered ${status} with a Location; WordPress answers 201 Created` }];
    return [];
  },
};
