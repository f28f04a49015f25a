import { useMutation } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../lib/feedback';

/** A modal's state: closed (null), adding, or editing a row. */
export type ModeState<Row> = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

/** The open/closed state of an add/edit modal, with its openers. */
export function useModeState<Row>() {
  const [state, setState] = useState<ModeState<Row>>(null);
  return {
    state,
    add: () => setState({ mode: 'add' }),
    edit: (row: Row) => setState({ mode: 'edit', row }),
    close: () => setState(null),
  };
}

/** What useModeForm needs of a mutation (a feature's `useSaveX()`, which invalidates its lists). */
export interface SaveMutation<Vars> {
  mutate: (vars: Vars, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

type Values = Record<string, unknown>;
type Open<Row> = Exclude<ModeState<Row>, null>;

interface ModeFormOptions<Row, F extends object, Vars> {
  /** The form values of a row being edited (default: the row itself). */
  valuesOf?: (row: Row) => F;
  /** The feature's save mutation, and how the validated values become its payload. */
  mutation?: SaveMutation<Vars>;
  payload?: (values: F, state: Open<Row>) => Vars;
  /** The success toast (default 保存成功). */
  success?: string | ((state: Open<Row>) => string);
  /** Or: a plain save call that resolves to the success toast. */
  save?: (values: Values, state: Open<Row>) => Promise<string>;
  onDone: () => void;
}

/**
 * The one add/edit form hook (decision 090): resets (add) or fills (edit) the form when the modal opens;
 * submit validates, runs the save mutation, toasts and calls onDone. A refused save keeps the modal open
 * (the request client showed why) and leaves no unhandled rejection.
 */
export function useModeForm<Row, F extends object = Values, Vars = F>(
  state: ModeState<Row>,
  options: ModeFormOptions<Row, F, Vars>,
): {
  form: FormInstance<F>;
  saving: boolean;
  adding: boolean;
  submit: () => Promise<void>;
  /** 新增X or 编辑X. */
  title: (noun: string) => string;
} {
  const [form] = Form.useForm<F>();
  const adding = state?.mode === 'add';
  // the options may be fresh closures each render: the form is filled only when the modal's state changes
  const ref = useRef(options);
  ref.current = options;
  useEffect(() => {
    if (state?.mode === 'edit') {
      const fill = ref.current.valuesOf ?? ((row: Row) => row as unknown as F);
      form.setFieldsValue(fill(state.row) as Parameters<FormInstance<F>['setFieldsValue']>[0]);
    } else if (state) form.resetFields();
  }, [state, form]);
  const plain = useMutation({
    mutationFn: ({ values, open }: { values: Values; open: Open<Row> }) =>
      ref.current.save ? ref.current.save(values, open) : Promise.resolve(''),
  });
  const submit = async () => {
    let values: F;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    if (!state) return;
    const { mutation, payload, success = '保存成功', onDone } = ref.current;
    if (mutation) {
      const vars = payload ? payload(values, state) : (values as unknown as Vars);
      mutation.mutate(vars, {
        onSuccess: () => {
          feedback.success(typeof success === 'function' ? success(state) : success);
          onDone();
        },
      });
      return;
    }
    plain.mutate(
      { values: values as Values, open: state },
      {
        onSuccess: (msg) => {
          feedback.success(msg);
          onDone();
        },
      },
    );
  };
  const saving = options.mutation ? options.mutation.isPending : plain.isPending;
  const title = (noun: string) => (adding ? `新增${noun}` : `编辑${noun}`);
  return { form, saving, adding, submit, title };
}
