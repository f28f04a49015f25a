export * from './validation/bodies';
export * from './validation/fields';
export {
  emptyToUndefined,
  firstZodMessage,
  intField,
  intWithDefault,
  numberFromForm,
  optional,
  requiredThen,
  text,
} from './validation/helpers';
