import { type CouponTemplateRow, couponRule, type MemberRow } from '@netbar/contract';
import { Form, Modal, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { findMembers, requestId } from '../api/coupon-api';
import { useIssueCoupon } from '../api/coupon-mutations';

/** 发放: one coupon of the template to a member found by card, mobile or name; a retry is applied once. */
export function CouponIssueModal({
  template,
  onClose,
}: {
  template: CouponTemplateRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ member_id: number }>();
  const [members, setMembers] = useState<MemberRow[]>([]);
  const rid = useRef(requestId());
  const issue = useIssueCoupon({
    success: '发放成功',
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  return (
    <Modal
      title="发放优惠券"
      open={!!template}
      okText="发放"
      cancelText="取消"
      confirmLoading={issue.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {template && (
        <Form
          form={form}
          layout="vertical"
          name="coupon-issue"
          preserve={false}
          onFinish={(v) =>
            issue.mutate({ template_id: template.id, member_id: v.member_id, request_id: rid.current })
          }
        >
          <Typography.Paragraph>
            {template.name}（{couponRule(template)}）
          </Typography.Paragraph>
          <Form.Item name="member_id" label="会员" rules={[{ required: true, message: '请选择会员' }]}>
            <Select
              aria-label="会员"
              showSearch={{
                filterOption: false,
                onSearch: async (k) => setMembers(k.trim() ? await findMembers(k.trim()) : []),
              }}
              placeholder="输入卡号、手机号或姓名查找"
              options={members.map((m) => ({
                value: m.id,
                label: `${m.name}（${m.mobile || m.card_mask}）`,
              }))}
              notFoundContent={null}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
