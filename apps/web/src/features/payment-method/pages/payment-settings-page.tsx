import { PAYMENT_METHODS_MAX, type PaymentMethodRow, UserType } from '@netbar/contract';
import { Alert, Card, Col, Row, Select, Space, Spin, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { AddButton } from '../../../components/list-filters';
import { useModeState } from '../../../components/use-mode-form';
import { useAppState } from '../../../lib/app-state';
import { StorePaymentsCard } from '../../pay-console/components/store-payments-card';
import { usePaymentList } from '../api/payment-method-queries';
import { MethodTable } from '../components/method-table';
import { PaymentMethodForm } from '../components/payment-method-form';
import { QuickPaymentCard } from '../components/quick-payment-card';
import { StoreQrcodeCard } from '../components/store-qrcode-card';

/** The store's methods, with a chain head's store picker (another store is shown read-only). */
function MethodsCard() {
  const [storeId, setStoreId] = useState<number | undefined>();
  const q = usePaymentList(storeId);
  const modal = useModeState<PaymentMethodRow>();
  const onEdit = useCallback((row: PaymentMethodRow) => modal.edit(row), [modal.edit]);
  const data = q.data;
  const current = data?.stores[0]?.id;
  const readOnly = !!data && data.store.id !== current;
  return (
    <Card
      title="支付方式"
      extra={
        <Space>
          {data && data.stores.length > 1 && (
            <Select
              aria-label="门店"
              style={{ width: 180 }}
              value={data.store.id}
              options={data.stores.map((s) => ({ value: s.id, label: s.name }))}
              onChange={(v: number) => setStoreId(v === current ? undefined : v)}
            />
          )}
          {!readOnly && data && data.list.length < PAYMENT_METHODS_MAX && (
            <AddButton onClick={modal.add}>新增支付方式</AddButton>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        选择收银台和客户端提供哪些支付方式及其先后顺序；扫码类支付默认走沙箱通道，正式商户号开通后可改为官方通道或收钱吧。
      </Typography.Paragraph>
      {readOnly && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`正在查看${data?.store.name}的支付方式，切换到该门店后可修改`}
        />
      )}
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Alert type="error" showIcon title="加载支付方式失败" />
      ) : (
        <MethodTable list={data?.list ?? []} readOnly={readOnly} onEdit={onEdit} />
      )}
      <PaymentMethodForm
        state={modal.state}
        added={(data?.list ?? []).map((m) => m.pay_type)}
        onClose={modal.close}
      />
    </Card>
  );
}

/**
 * /application_manage/payment_settings (10502, decision 162): the store's payment methods (which ones the
 * cashier and the PC client offer, in what order), quick payment and the fixed QR code. The payment
 * company holds 10502 too: it audits codes on its own screen.
 */
export default function PaymentSettingsPage() {
  const type = useAppState((s) => s.user?.type);
  if (type === UserType.PayCompany)
    return (
      <Card title="支付设置">
        <Alert
          type="info"
          showIcon
          title="支付设置由各门店自行管理"
          description={
            <span>
              门店申请的固定收款码请在 <Link to="/merchantManage/fixed_qrcode_audit">固定收款码审核</Link>{' '}
              中处理。
            </span>
          }
        />
      </Card>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <MethodsCard />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <QuickPaymentCard />
        </Col>
        <Col xs={24} lg={14}>
          <StoreQrcodeCard />
        </Col>
      </Row>
      <StorePaymentsCard />
    </Space>
  );
}
