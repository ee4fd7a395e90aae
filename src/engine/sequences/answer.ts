/** A step's answer as sequences read it: the reader lives with the checks that judge it (`checks/resources/step-answer.ts`). */
export { answerOf, describeAnswer, idText, isSuccess, itemsWith, type StepAnswer } from '../../checks/resources/step-answer.js';
