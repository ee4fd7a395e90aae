/**
 * The error codes `rest_validate_value_from_schema` answers with: a rejection carrying one of them came from the
 * declared schema. Any other code under `data.details` came from a route's own validate or sanitize callback
 * (`rest_user_invalid_username`, `rest_invalid_menu_location`…), which a descriptor cannot show.
 */
import { VALIDATED_FORMATS } from './formats.js';

export const SCHEMA_RULE_CODES: ReadonlySet<string> = new Set([
  'rest_invalid_type',
  'rest_out_of_bounds',
  'rest_invalid_multiple',
  'rest_too_short',
  'rest_too_long',
  'rest_invalid_pattern',
  'rest_too_few_items',
  'rest_too_many_items',
  'rest_duplicate_items',
  'rest_additional_properties_forbidden',
  'rest_property_required',
  'rest_too_few_properties',
  'rest_too_many_properties',
  'rest_not_in_enum',
  'rest_no_matching_schema',
  'rest_one_of_multiple_matches',
  ...Object.values(VALIDATED_FORMATS),
]);
