import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { SelectStandIn } from './select-stand-in';

export interface TypeOption {
  value: number;
  label: string;
}

/** The props Form.Item and the login form give the select. */
export interface AccountTypeSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  options: TypeOption[];
  placeholder: string;
  'aria-label'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

type RealSelect = ComponentType<AccountTypeSelectProps & { defaultOpen?: boolean; autoFocus?: boolean }>;

let loaded: RealSelect | undefined;
let loading: Promise<RealSelect> | undefined;
const waiting = new Set<(select: RealSelect) => void>();

/**
 * antd's Select for the account type, loaded once (a failed load is tried again on the next wake). The
 * stand-ins on the page swap in a task of their own, after the press that asked for it has been handled.
 */
export function loadTypeSelect(): Promise<RealSelect> {
  loading ??= import('./type-select').then(
    (m) => {
      const select = m.TypeSelect as unknown as RealSelect;
      loaded = select;
      setTimeout(() => {
        for (const swap of waiting) swap(select);
      }, 0);
      return select;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The login form's account-type select: antd's Select, whose code (~25 KB gzip) loads on the first sign of
 * a person (pointer over the page, focus, a key, a press) instead of with the page. Until then an
 * identical closed select stands in; a press on it opens the real one as soon as it is there
 * (docs/decisions/097-light-login-entry.md).
 */
export function AccountTypeSelect(props: AccountTypeSelectProps) {
  const [Real, setReal] = useState<RealSelect | undefined>(() => loaded);
  const inputRef = useRef<HTMLInputElement>(null);
  const wantsOpen = useRef(false);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (Real) return;
    const swap = (select: RealSelect) => {
      hadFocus.current = document.activeElement === inputRef.current;
      setReal(() => select);
    };
    if (loaded) swap(loaded);
    waiting.add(swap);
    return () => {
      waiting.delete(swap);
    };
  }, [Real]);

  const wake = useCallback((open: boolean) => {
    if (open) wantsOpen.current = true;
    // not arrived (offline): the stand-in stays; the next press tries again
    loadTypeSelect().catch(() => {
      wantsOpen.current = false;
    });
  }, []);

  if (Real) {
    return (
      <Real {...props} defaultOpen={wantsOpen.current} autoFocus={hadFocus.current || wantsOpen.current} />
    );
  }
  const label = props.options.find((o) => o.value === props.value)?.label;
  return (
    <SelectStandIn
      id={props.id}
      placeholder={props.placeholder}
      label={label}
      aria-label={props['aria-label']}
      aria-required={props['aria-required']}
      aria-invalid={props['aria-invalid']}
      aria-describedby={props['aria-describedby']}
      inputRef={inputRef}
      onWake={wake}
      onBlur={() => {
        wantsOpen.current = false;
      }}
    />
  );
}
