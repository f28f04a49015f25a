import type { PayLinkRow } from '@netbar/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useWalletOnline } from '../api/pay-link-mutations';
import { LinkQrModal } from './link-qr-modal';

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const newRequestId = () => `wol-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** 我的钱包 → 在线充值: a single-use wallet-recharge link of the amount typed; its QR opens the pay page. */
export function OnlineRechargeButton() {
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<PayLinkRow | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [form] = Form.useForm<{ amount: string }>();
  const make = useWalletOnline((l) => {
    setOpen(false);
    setLink(l);
  });
  return (
    <>
      <Button style={{ marginTop: 8, marginLeft: 8 }} onClick={() => setOpen(true)}>
        在线充值
      </Button>
      <Modal
        open={open}
        title="在线充值"
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={make.isPending}
        afterOpenChange={(v) => {
          if (v) setRequestId(newRequestId());
          else form.resetFields();
        }}
        destroyOnHidden
      >
        <Form
          form={form}
          name="wallet-online"
          layout="vertical"
          onFinish={(v) => make.mutate({ amount: v.amount.trim(), request_id: requestId })}
        >
          <Form.Item
            name="amount"
            label="充值金额（元）"
            extra="生成单次使用的收款链接，扫码或打开链接支付后自动到账"
            rules={[
              { required: true, message: '请输入充值金额' },
              {
                validator: (_r, v: string | undefined) =>
                  !v || (AMOUNT.test(v.trim()) && Number(v) > 0)
                    ? Promise.resolve()
                    : Promise.reject(new Error('请输入大于0且最多两位小数的金额')),
              },
            ]}
          >
            <Input prefix="¥" inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
      <LinkQrModal link={link} onClose={() => setLink(null)} />
    </>
  );
}
