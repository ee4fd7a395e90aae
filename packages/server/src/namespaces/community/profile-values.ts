/**
 * What a member may store in a profile field, by field type: numbers in a number field, a URL in a URL field,
 * values among the options of a choice field, a date in a date field; a required field cannot be emptied.
 */
import type { Store } from '../../types.js';
import { rejectedValue } from './errors.js';
import { MEMBER_TYPES } from './member-accounts.js';
import { optionsOf, type ProfileField } from './profile-state.js';

/** Field types that hold several values; the others hold at most one. */
const MULTI_VALUE_TYPES = new Set(['checkbox', 'multiselectbox', 'socialnetworks']);

/** Field types whose values come from the field's options. */
const CHOICE_TYPES = new Set(['checkbox', 'multiselectbox', 'radio', 'selectbox', 'gender']);

function reject(message: string): never {
  throw rejectedValue('value', 'bp_rest_xprofile_invalid_value', message);
}

function isNumeric(text: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text);
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})Z?)?$/.exec(text);
  if (match === null) return false;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(`${match[1]}-${match[2]}-${match[3]}`);
}

function isTelephone(text: string): boolean {
  return /^[+\d\s().-]+$/.test(text) && (text.match(/\d/g) ?? []).length >= 3;
}

/** The sent `value` as a list of strings: scalars become strings, nested lists and objects are refused. */
function asStrings(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => {
    if (typeof item === 'string') return item.trim();
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    return reject('Each value must be a string or a number.');
  });
}

/** The values to store for `field`, or 400 `rest_invalid_param` naming `value`. */
export function validateFieldValue(store: Store, field: ProfileField, value: unknown): string[] {
  if (field.type === 'option') reject('An option of a field holds no member data.');
  const values = asStrings(value).filter((item) => item !== '');
  if (values.length === 0) {
    if (field.is_required) reject(`${field.name} is required and cannot be empty.`);
    return [];
  }
  if (!MULTI_VALUE_TYPES.has(field.type) && values.length > 1) reject(`${field.name} takes a single value.`);
  if (new Set(values).size !== values.length) reject('The values must not repeat.');
  const choices = CHOICE_TYPES.has(field.type) ? optionsOf(store, field).map((option) => option.name) : undefined;
  for (const item of values) {
    if (choices !== undefined && !choices.includes(item)) reject(`${item} is not one of the options of ${field.name}: ${choices.join(', ')}.`);
    if (field.type === 'number' && !isNumeric(item)) reject(`${item} is not a number.`);
    if ((field.type === 'url' || field.type === 'socialnetworks') && !isWebUrl(item)) reject(`${item} is not a valid URL.`);
    if (field.type === 'datebox' && !isDate(item)) reject(`${item} is not a date (YYYY-MM-DD).`);
    if (field.type === 'telephone' && !isTelephone(item)) reject(`${item} is not a telephone number.`);
    if (field.type === 'membertypes' && !MEMBER_TYPES.includes(item)) reject(`${item} is not a member type.`);
  }
  return values;
}
