import { useCallback, useRef, useState } from 'react';

/** A field's state, as antd's Form.Item gets it from rc-field-form (`Meta`). */
export interface FieldMeta {
  touched: boolean;
  validating: boolean;
  errors: string[];
  warnings: string[];
  name: string[];
  validated: boolean;
}

const NONE: string[] = [];
const emptyMeta = (name: string): FieldMeta => ({
  touched: false,
  validating: false,
  errors: NONE,
  warnings: NONE,
  name: [name],
  validated: false,
});

/** A field's error messages for a value (none when valid). */
export type FieldCheck<K extends string> = (key: K, value: unknown) => Promise<string[]>;

/**
 * The few rules of antd's Form the login form relies on, without rc-field-form (decision 098): a change
 * marks the field touched and checks it; a check clears the field's errors while it runs and only the
 * latest check of a field is shown; a submit checks every field and finishes when none has an error; a
 * value set by the page (`setValue`) marks the field touched and clears its errors without a check.
 */
export function useFormFields<K extends string>(
  fields: readonly K[],
  initial: Partial<Record<K, unknown>>,
  check: FieldCheck<K>,
) {
  const [values, setValues] = useState(initial);
  const valuesRef = useRef(values);
  const [metas, setMetas] = useState(
    () => Object.fromEntries(fields.map((k) => [k, emptyMeta(k)])) as Record<K, FieldMeta>,
  );
  const latest = useRef<Partial<Record<K, object>>>({});
  const lastSubmit = useRef<object>(undefined);

  const patch = useCallback((key: K, next: Partial<FieldMeta>) => {
    setMetas((m) => ({ ...m, [key]: { ...m[key], ...next } }));
  }, []);
  const write = (key: K, value: unknown) => {
    valuesRef.current = { ...valuesRef.current, [key]: value };
    setValues(valuesRef.current);
  };

  const validate = async (key: K): Promise<string[]> => {
    const token = {};
    latest.current[key] = token;
    patch(key, { validating: true, validated: false, errors: NONE, warnings: NONE });
    const errors = await check(key, valuesRef.current[key]);
    if (latest.current[key] === token) {
      latest.current[key] = undefined;
      patch(key, { validating: false, validated: true, errors: errors.length ? errors : NONE });
    }
    return errors;
  };

  /** The input's onChange: a value, or an input event whose target carries it. */
  const change = (key: K, input: unknown) => {
    const target = (input as { target?: { value?: unknown } } | null)?.target;
    const value = target && typeof input === 'object' && 'value' in target ? target.value : input;
    patch(key, { touched: true });
    if (value !== valuesRef.current[key]) write(key, value);
    void validate(key);
  };

  const setValue = (key: K, value: unknown) => {
    if (value === valuesRef.current[key]) return;
    write(key, value);
    latest.current[key] = undefined;
    patch(key, { touched: true, validating: false, validated: true, errors: NONE, warnings: NONE });
  };

  /** Checks every field; resolves the values when all are valid (and no later submit began), otherwise undefined. */
  const submit = async (): Promise<Partial<Record<K, unknown>> | undefined> => {
    const token = {};
    lastSubmit.current = token;
    const results = await Promise.all(fields.map((k) => validate(k)));
    if (lastSubmit.current !== token) return undefined;
    return results.every((e) => e.length === 0) ? valuesRef.current : undefined;
  };

  return { values, metas, change, setValue, submit };
}
