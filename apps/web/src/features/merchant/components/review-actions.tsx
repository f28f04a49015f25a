import type { MerchantDetail } from '@netbar/contract';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useReviewMerchant } from '../api/merchant-mutations';

/** 审核中: 通过 (→ 待签约) or 驳回 with a reason; 待签约: 开通 (→ 已开通). */
export function ReviewActions({ m, onDone }: { m: MerchantDetail; onDone: () => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const review = useReviewMerchant({
    success: (r) => `${r.legal_name}：${r.status_label}`,
    onSuccess: () => {
      setRejecting(false);
      onDone();
    },
  });
  if (m.status !== 1 && m.status !== 3) return null;
  return (
    <Space>
      {m.status === 1 && (
        <>
          <Button
            type="primary"
            loading={review.isPending}
            onClick={() => review.mutate({ id: m.id, action: 'approve' })}
          >
            审核通过
          </Button>
          <Button danger onClick={() => setRejecting(true)}>
            驳回
          </Button>
        </>
      )}
      {m.status === 3 && (
        <Button
          type="primary"
          loading={review.isPending}
          onClick={() => review.mutate({ id: m.id, action: 'open' })}
        >
          签约完成，开通商户
        </Button>
      )}
      <Modal
        title="驳回进件"
        open={rejecting}
        okText="确认驳回"
        okButtonProps={{ danger: true, loading: review.isPending }}
        onCancel={() => setRejecting(false)}
        onOk={() =>
          form
            .validateFields()
            .then((v) => review.mutate({ id: m.id, action: 'reject', reason: v.reason.trim() }))
            .catch(() => {})
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="merchant-reject">
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, message: '请输入驳回原因' },
              { min: 2, max: 100, message: '驳回原因为2-100个字符' },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={100}
              showCount
              placeholder="商户会看到这段原因，请写明需要补充或修改的内容"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
