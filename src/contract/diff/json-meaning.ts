/** JSON equality by meaning lives with the descriptor, the first stage, so the checks can judge by it too. */
export { isPlainObject, sameJsonMeaning, sameJsonSet, showValue } from '../../descriptor/json-meaning.js';
