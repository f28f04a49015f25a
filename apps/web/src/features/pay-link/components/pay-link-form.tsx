import {
  PAY_LINK_DIALOG_PURPOSES,
  PAY_LINK_PURPOSE_LABELS,
  type PayLinkRow,
  PERM,
  UserType,
} from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useAppState } from '../../../lib/app-state';
import { authPathIds } from '../../../lib/user';
import { useCreatePayLink } from '../api/pay-link-mutations';

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const amountRule = {
  validator: (_r: unknown, v: string | undefined) =>
    !v || (AMOUNT.test(v.trim()) && Number(v) > 0)
      ? Promise.resolve()
      : Promise.reject(new Error('请输入大于0且最多两位小数的金额')),
};
const newRequestId = () => `link-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

interface Values {
  purpose: 'collect' | 'topup';
  member?: string;
  title: string;
  amount_mode: 'fixed' | 'open';
  amount?: string;
  min_amount?: string;
  max_amount?: string;
  single_use: boolean;
  expires_days: number;
}

/**
 * 新建收款链接: purpose (会员充值 for the owner and staff granted 会员管理, 门店收款; order links are made on the
 * order, decision 176), the member for a top-up (card no or mobile; empty = the payer enters a card), title,
 * fixed or open amount, single- or multi-use, days valid.
 */
export function PayLinkForm({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (l: PayLinkRow) => void;
}) {
  const [form] = Form.useForm<Values>();
  // one id per opening of the dialog: a double click on 确定 makes one link
  const [requestId, setRequestId] = useState(newRequestId);
  const mode = Form.useWatch('amount_mode', form) ?? 'fixed';
  const user = useAppState((s) => s.user);
  const canTopUp = user?.type === UserType.Netbar || authPathIds(user).includes(PERM.MEMBER_MANAGE);
  const purposes = PAY_LINK_DIALOG_PURPOSES.filter((p) => p !== 'topup' || canTopUp);
  const purpose = Form.useWatch('purpose', form) ?? purposes[0];
  const create = useCreatePayLink((l) => {
    onClose();
    onCreated(l);
  });
  return (
    <Modal
      open={open}
      title="新建收款链接"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      afterOpenChange={(v) => {
        if (v) setRequestId(newRequestId());
        else form.resetFields();
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="pay-link-form"
        layout="vertical"
        initialValues={{ purpose: purposes[0], amount_mode: 'fixed', single_use: true, expires_days: 7 }}
        onFinish={(v) =>
          create.mutate({
            ...v,
            member: v.purpose === 'topup' ? v.member?.trim() || undefined : undefined,
            request_id: requestId,
          })
        }
      >
        <Form.Item
          name="purpose"
          label="用途"
          rules={[{ required: true, message: '请选择用途' }]}
          extra="订单付款链接请在购物订单中对待支付订单点「生成付款链接」"
        >
          <Select options={purposes.map((p) => ({ value: p, label: PAY_LINK_PURPOSE_LABELS[p] }))} />
        </Form.Item>
        {purpose === 'topup' && (
          <Form.Item
            name="member"
            label="会员卡号或手机号"
            extra="留空则任何会员都可使用：付款人在支付页输入会员卡号，确认姓名后支付"
            rules={[{ pattern: /^[A-Za-z0-9]{4,32}$/, message: '会员卡号或手机号为4-32位字母或数字' }]}
          >
            <Input placeholder="指定会员（可选）" maxLength={32} allowClear />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: 40, message: '标题为1-40个字符' },
          ]}
        >
          <Input placeholder="例如：包间押金" maxLength={40} />
        </Form.Item>
        <Form.Item name="amount_mode" label="金额类型">
          <Radio.Group
            options={[
              { value: 'fixed', label: '固定金额' },
              { value: 'open', label: '顾客输入金额' },
            ]}
          />
        </Form.Item>
        {mode === 'fixed' ? (
          <Form.Item
            name="amount"
            label="金额（元）"
            rules={[{ required: true, message: '请输入金额' }, amountRule]}
          >
            <Input prefix="¥" inputMode="decimal" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="min_amount"
              label="最低金额（元）"
              rules={[{ required: true, message: '请输入最低金额' }, amountRule]}
            >
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="max_amount"
              label="最高金额（元）"
              dependencies={['min_amount']}
              rules={[
                { required: true, message: '请输入最高金额' },
                amountRule,
                ({ getFieldValue }) => ({
                  validator: (_r, v: string | undefined) =>
                    !v || Number(v) >= Number(getFieldValue('min_amount') ?? 0)
                      ? Promise.resolve()
                      : Promise.reject(new Error('最高金额不能低于最低金额')),
                }),
              ]}
            >
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </>
        )}
        <Form.Item name="single_use" label="使用次数">
          <Radio.Group
            options={[
              { value: true, label: '单次（支付一次后失效）' },
              { value: false, label: '多次' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="expires_days"
          label="有效期（天）"
          rules={[{ required: true, message: '请输入有效期' }]}
        >
          <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
