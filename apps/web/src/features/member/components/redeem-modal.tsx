import {
  type MemberRow,
  REDEEM_KIND_LABELS,
  REDEEM_KINDS,
  type RedeemKind,
  yuanInputToFen,
} from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../../lib/http';
import { requestId } from '../api/member-api';
import { useRedeem } from '../api/member-mutations';

/** The store's goods for a goods redemption (the goods options call the other screens use). */
function useSkuOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['member', 'sku-options'],
    enabled,
    queryFn: async () =>
      (
        await http.get<{ list: { item_kind: string; item_id: number; name: string }[] }>('goods_item_options')
      ).data.list.filter((o) => o.item_kind === 'goods'),
  });
}

/** 积分兑换: points for 奖励, online minutes or goods. */
export function RedeemModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const [rid, setRid] = useState(requestId);
  const kind: RedeemKind = Form.useWatch('kind', form) ?? 'bonus';
  const skus = useSkuOptions(!!member && kind === 'goods');
  const m = useRedeem({ success: '兑换成功', onSuccess: onClose });
  useEffect(() => {
    if (member) {
      form.resetFields();
      setRid(requestId());
    }
  }, [member, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !member) return;
    m.mutate({
      member_id: member.id,
      kind: v.kind,
      points: v.points,
      bonus_fen: v.kind === 'bonus' ? yuanInputToFen(v.bonus) : undefined,
      minutes: v.kind === 'online' ? v.minutes : undefined,
      sku_id: v.kind === 'goods' ? v.sku_id : undefined,
      qty: v.kind === 'goods' ? v.qty : undefined,
      remark: v.remark,
      request_id: rid,
    });
  };
  return (
    <Modal
      open={!!member}
      title={`积分兑换 · ${member?.name ?? ''}（可用 ${member?.points ?? 0} 积分）`}
      onOk={submit}
      confirmLoading={m.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ kind: 'bonus', qty: 1 }}>
        <Form.Item name="kind" label="兑换类型">
          <Radio.Group options={REDEEM_KINDS.map((k) => ({ value: k, label: REDEEM_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="points" label="消耗积分" rules={[{ required: true, message: '请输入消耗积分' }]}>
          <InputNumber aria-label="消耗积分" min={1} max={1000000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'bonus' && (
          <Form.Item
            name="bonus"
            label="兑换奖励金（元）"
            rules={[{ required: true, message: '请输入兑换的奖励金额' }]}
          >
            <InputNumber min={0.01} max={10000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'online' && (
          <Form.Item
            name="minutes"
            label="上网时长（分钟）"
            rules={[{ required: true, message: '请输入兑换的上网时长' }]}
            extra="记入会员名下，上机计费时抵扣"
          >
            <InputNumber min={1} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'goods' && (
          <>
            <Form.Item
              name="sku_id"
              label="兑换商品"
              rules={[{ required: true, message: '请选择兑换的商品' }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={skus.isLoading}
                options={(skus.data ?? []).map((s) => ({ value: s.item_id, label: s.name }))}
              />
            </Form.Item>
            <Form.Item name="qty" label="数量">
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
