// antd's Form markup and style without its field machinery (rc-field-form, async-validator, scroll-into-view:
// ~20 KB gzip of the login page, decision 098). form-stand-in.test.tsx compares the markup with antd Form's.
import ConfigProvider from 'antd/es/config-provider';
import SizeContext from 'antd/es/config-provider/SizeContext';
import { FormContext } from 'antd/es/form/context';
import ItemHolder from 'antd/es/form/FormItem/ItemHolder';
import StatusProvider from 'antd/es/form/FormItem/StatusProvider';
import useFormStyle from 'antd/es/form/style';
import { type FormEvent, type ReactNode, useContext } from 'react';
import type { FieldMeta } from './use-form-fields';

const FORM_CONTEXT = {
  layout: 'horizontal',
  labelAlign: 'right',
  requiredMark: true,
  itemRef: () => () => {},
  tooltip: {},
  classNames: {},
  styles: {},
} as const;

function useFormClasses() {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('form');
  const rootCls = `${prefixCls}-css-var`;
  const [hashId, cssVarCls] = useFormStyle(prefixCls, rootCls);
  return { prefixCls, styleCls: [cssVarCls, rootCls, hashId].filter(Boolean).join(' ') };
}

/** What `<Form size="large" noValidate>` renders around its items: the form element and the contexts its items and inputs read. */
export function FormStandIn({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const { prefixCls, styleCls } = useFormClasses();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onSubmit();
  };
  return (
    <SizeContext.Provider value="large">
      <FormContext.Provider value={FORM_CONTEXT as never}>
        <form
          noValidate
          className={`${prefixCls} ${prefixCls}-horizontal ${prefixCls}-large ${styleCls}`}
          onSubmit={submit}
        >
          {children}
        </form>
      </FormContext.Provider>
    </SizeContext.Provider>
  );
}

interface ItemProps {
  /** The field: the input's id and the error list's `<name>_help`; none for an item that only lays out. */
  name?: string;
  required?: boolean;
  /** The field's state; an item without a field has rc-field-form's empty one. */
  meta?: FieldMeta;
  /** An item without a field shows the errors of the `noStyle` field inside it. */
  errors?: string[];
  children: ReactNode;
}

const NO_META: FieldMeta = {
  touched: false,
  validating: false,
  errors: [],
  warnings: [],
  name: [],
  validated: false,
};
const noReport = () => {};

/** What `<Form.Item name rules required>` (or a `<Form.Item>` without a name) renders around its input. */
export function ItemStandIn({ name, required, meta = NO_META, errors = meta.errors, children }: ItemProps) {
  const { prefixCls, styleCls } = useFormClasses();
  return (
    <ItemHolder
      prefixCls={prefixCls}
      className={styleCls}
      fieldId={name}
      name={name}
      required={required}
      isRequired={name ? required : undefined}
      errors={errors}
      warnings={meta.warnings}
      meta={meta}
      onSubItemMetaChange={noReport}
    >
      {children}
    </ItemHolder>
  );
}

/** What `<Form.Item name noStyle>` inside a laid-out item gives its input: the field's status. */
export function NoStyleStandIn({
  name,
  meta,
  children,
}: {
  name: string;
  meta: FieldMeta;
  children: ReactNode;
}) {
  const { prefixCls } = useFormClasses();
  return (
    <StatusProvider
      prefixCls={prefixCls}
      meta={meta}
      errors={meta.errors}
      warnings={meta.warnings}
      noStyle
      name={name}
    >
      {children}
    </StatusProvider>
  );
}

/** The props Form.Item gives the input of a named field: id, value, onChange and the aria state. */
export function fieldProps(name: string, meta: FieldMeta, required: boolean | undefined) {
  return {
    id: name,
    ...(meta.errors.length ? { 'aria-describedby': `${name}_help`, 'aria-invalid': 'true' as const } : {}),
    ...(required ? { 'aria-required': 'true' as const } : {}),
  };
}
