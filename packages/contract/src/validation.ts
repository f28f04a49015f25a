export * from './validation/bodies';
export * from './validation/fields';
export { emptyToUndefined, firstZodMessage, numberFromForm } from './validation/helpers';
