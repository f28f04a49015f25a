import type { LegacyProduct, LegacyStore } from '@netbar/contract';
import { Modal, Steps } from 'antd';
import { useCallback, useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { type ImportKind, legacyImportApi } from '../api/legacy-import-api';
import { ImportLoginStep } from './import-login-step';
import { ImportStoreStep } from './import-store-step';

export const IMPORT_DIALOG_WIDTH = 700;
export const CLOSE_BLOCKED = '数据还未导入完成,勿关闭弹窗!';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * 数据导入 dialog (button netbar_import_old_data; spec sections 2, 4, 5, 8; decision 195): 700 px, step 1
 * logs in to the old product, step 2 imports a store's members, goods and online collection. It cannot be
 * closed while an import runs; closing otherwise starts over and forgets the old product's login.
 */
export function ImportDialog({ open, onClose }: Props) {
  const [session, setSession] = useState(0);
  const [login, setLogin] = useState<{ product: LegacyProduct; stores: LegacyStore[] } | null>(null);
  const [running, setRunning] = useState<ImportKind | null>(null);
  const onRunning = useCallback((k: ImportKind | null) => setRunning(k), []);

  const close = () => {
    if (running) {
      feedback.error(CLOSE_BLOCKED);
      return;
    }
    if (login) void legacyImportApi.clear().catch(() => {});
    setLogin(null);
    setSession((n) => n + 1);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="数据导入"
      width={IMPORT_DIALOG_WIDTH}
      footer={null}
      maskClosable={false}
      onCancel={close}
    >
      <Steps
        size="small"
        current={login ? 1 : 0}
        style={{ marginBottom: 24 }}
        items={[{ title: '选择产品并登录' }, { title: '导入会员、商品和在线收款' }]}
      />
      {login ? (
        <ImportStoreStep
          key={session}
          product={login.product}
          loginStores={login.stores}
          onRunning={onRunning}
        />
      ) : (
        <ImportLoginStep key={session} onLoggedIn={(product, stores) => setLogin({ product, stores })} />
      )}
    </Modal>
  );
}
