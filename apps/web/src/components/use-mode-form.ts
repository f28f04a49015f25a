import { Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../lib/feedback';

/** A modal's state: closed (null), adding, or editing a row. */
export type ModeState<Row> = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

interface ModeFormOptions<Row> {
  /** The form values of a row being edited. */
  valuesOf: (row: Row) => object;
  /** Sends the validated values; resolves to the success toast. */
  save: (values: Record<string, unknown>, state: Exclude<ModeState<Row>, null>) => Promise<string>;
  onDone: () => void;
}

/**
 * The add/edit form of a modal: resets (add) or fills (edit) the form when it opens; submit validates,
 * saves, toasts and calls onDone; a refused save keeps the modal open (the request client showed why).
 */
export function useModeForm<Row>(
  state: ModeState<Row>,
  { valuesOf, save, onDone }: ModeFormOptions<Row>,
): { form: FormInstance; saving: boolean; adding: boolean; submit: () => Promise<void> } {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const adding = state?.mode === 'add';
  // valuesOf may be a fresh closure each render: the form is filled only when the modal's state changes
  const valuesRef = useRef(valuesOf);
  valuesRef.current = valuesOf;
  useEffect(() => {
    if (state?.mode === 'edit') form.setFieldsValue(valuesRef.current(state.row));
    else if (state) form.resetFields();
  }, [state, form]);
  const submit = async () => {
    const values = await form.validateFields();
    if (!state) return;
    setSaving(true);
    try {
      feedback.success(await save(values, state));
      onDone();
    } catch {
      // the request client showed the reason
    } finally {
      setSaving(false);
    }
  };
  return { form, saving, adding, submit };
}
