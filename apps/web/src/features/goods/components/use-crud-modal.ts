import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';

/**
 * The add/edit modal state of a goods list: `editing` is null (closed), {} (新增) or the row (编辑);
 * the page keeps its own form and columns.
 */
export function useCrudModal<Row extends { id: number }, F extends FormInstance = FormInstance>(
  key: readonly unknown[],
  form: F,
) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Partial<Row> | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: key });
  return {
    editing,
    reload,
    /** Opens an empty form. */
    create: () => {
      setEditing({});
      form.resetFields();
    },
    /** Opens the form for the row, filled with values (the row or values derived from it). */
    edit: (row: Row, values: Parameters<F['setFieldsValue']>[0]) => {
      setEditing(row);
      form.setFieldsValue(values);
    },
    /** After a successful save: toast, close, reload the list. */
    saved: () => {
      feedback.success('保存成功');
      setEditing(null);
      reload();
    },
    /** 编辑X when a row is open, 新增X otherwise. */
    title: (noun: string) => (editing?.id ? `编辑${noun}` : `新增${noun}`),
    /** open / onCancel / destroyOnHidden for the Modal. */
    modalProps: { open: !!editing, onCancel: () => setEditing(null), destroyOnHidden: true },
  };
}
