export * from './validation/bodies';
export * from './validation/fields';
export {
  CONTROL_CHARS,
  CONTROL_CHARS_MSG,
  emptyToUndefined,
  firstZodMessage,
  hasControlChars,
  intField,
  intWithDefault,
  numberFromForm,
  optional,
  plainString,
  requiredThen,
  text,
} from './validation/helpers';
