import DownOutlined from '@ant-design/icons/DownOutlined';
import { getStatusClassNames } from 'antd/es/_util/statusUtils';
import ConfigProvider from 'antd/es/config-provider';
import { FormItemInputContext } from 'antd/es/form/context';
import useVariants from 'antd/es/form/hooks/useVariants';
import useSelectStyle from 'antd/es/select/style';
import { type KeyboardEvent, type MouseEvent, type RefObject, useContext } from 'react';

export interface StandInProps {
  id?: string;
  placeholder: string;
  /** The label of the chosen option, if any. */
  label?: string;
  'aria-label'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Asks for the real select: `open` when a person opened it (click, arrow keys, Enter, space). */
  onWake: (open: boolean) => void;
  onBlur: () => void;
}

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * What antd's single Select renders while closed: the same markup and classes, styled by antd's own
 * Select style (so it looks the same to the pixel), without the select's code (rc-select, the virtual
 * list, the popup). It stands in for the account-type select until that arrives; a test compares the two
 * renderings (decision 097).
 */
export function SelectStandIn(props: StandInProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const { componentSize } = ConfigProvider.useConfig();
  const { status, hasFeedback, isFormItemInput } = useContext(FormItemInputContext);
  const prefixCls = getPrefixCls('select');
  const rootCls = `${prefixCls}-css-var`;
  const [hashId, cssVarCls] = useSelectStyle(prefixCls, rootCls);
  const [variant, enableVariantCls] = useVariants('select');
  const classes = [
    prefixCls,
    componentSize === 'large' && `${prefixCls}-lg`,
    componentSize === 'small' && `${prefixCls}-sm`,
    enableVariantCls && `${prefixCls}-${variant}`,
    isFormItemInput && `${prefixCls}-in-form-item`,
    getStatusClassNames(prefixCls, status, hasFeedback),
    cssVarCls,
    rootCls,
    hashId,
    `${prefixCls}-single`,
    `${prefixCls}-show-arrow`,
  ];
  const className = classes.filter(Boolean).join(' ');
  const { label } = props;
  const wakeOnMouseDown = (e: MouseEvent) => {
    // like the real select: the input keeps the focus, the press opens it
    if (e.target !== props.inputRef.current) e.preventDefault();
    props.inputRef.current?.focus();
    props.onWake(true);
  };
  const wakeOnKey = (e: KeyboardEvent) => {
    if (OPEN_KEYS.has(e.key)) {
      e.preventDefault();
      props.onWake(true);
    }
  };
  return (
    <div className={className} onMouseDown={wakeOnMouseDown} onPointerEnter={() => props.onWake(false)}>
      <div className={`${prefixCls}-content${label ? ` ${prefixCls}-content-has-value` : ''}`} title={label}>
        {label ?? <div className={`${prefixCls}-placeholder`}>{props.placeholder}</div>}
        <input
          ref={props.inputRef}
          id={props.id}
          aria-label={props['aria-label']}
          aria-required={props['aria-required']}
          readOnly
          autoComplete="new-password"
          className={`${prefixCls}-input`}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          type="text"
          value=""
          aria-describedby={props['aria-describedby']}
          aria-invalid={props['aria-invalid']}
          onFocus={() => props.onWake(false)}
          onBlur={props.onBlur}
          onKeyDown={wakeOnKey}
        />
      </div>
      <div className={`${prefixCls}-suffix`}>
        <DownOutlined />
      </div>
    </div>
  );
}
