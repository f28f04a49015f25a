import type { RefundRequestRow } from '@netbar/contract';
import { Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { newRequestId } from '../api/pay-console-api';
import { useApproveRefundRequest, useRejectRefundRequest } from '../api/pay-console-mutations';
import { yuan } from './trade-labels';

/** 同意 (refund through the provider) or 驳回 with a reason, for a pending request. */
export function RequestActions({ request }: { request: RefundRequestRow }) {
  const [rid] = useState(newRequestId);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reject_reason: string }>();
  const approve = useApproveRefundRequest({ success: '已同意，退款成功' });
  const reject = useRejectRefundRequest({ success: '已驳回', onSuccess: () => setRejecting(false) });
  if (request.status !== '待审核') return null;
  const submitReject = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) reject.mutate({ id: request.id, reject_reason: v.reject_reason });
  };
  return (
    <Space size={0}>
      <Popconfirm
        title={`同意退款 ${yuan(request.amount_fen)}？`}
        description="将通过支付通道原路退回顾客"
        okText="同意退款"
        cancelText="取消"
        onConfirm={() => approve.mutate({ id: request.id, request_id: rid })}
      >
        <Button type="link" size="small" loading={approve.isPending}>
          同意
        </Button>
      </Popconfirm>
      <Button type="link" size="small" danger onClick={() => setRejecting(true)}>
        驳回
      </Button>
      <Modal
        open={rejecting}
        title="驳回退款申请"
        okText="驳回"
        cancelText="取消"
        confirmLoading={reject.isPending}
        onOk={submitReject}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name={`reject-${request.id}`} preserve={false}>
          <Form.Item
            name="reject_reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因（1-50个字符）' },
              { max: 50 },
            ]}
          >
            <Input.TextArea rows={3} maxLength={50} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
