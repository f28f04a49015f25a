import { SIYU_KIND_LABELS, SIYU_KINDS } from '@netbar/contract';
import { Form, Input, Modal, Select } from 'antd';
import { ImageUpload } from '../../../components/image-upload';
import { useSaveCode } from '../api/siyu-mutations';

/** 新增二维码: kind, name, welcome text and the uploaded picture (at least 200×200). */
export function SiyuForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const save = useSaveCode({ success: '保存成功', onSuccess: onClose });
  return (
    <Modal
      title="新增私域二维码"
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="siyu-code" preserve={false} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择二维码类型' }]}>
          <Select options={SIYU_KINDS.map((k) => ({ value: k, label: SIYU_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, max: 30, message: '请输入1-30个字的名称' }]}
        >
          <Input placeholder="如：本店玩家群" />
        </Form.Item>
        <Form.Item name="welcome" label="欢迎语" rules={[{ max: 100, message: '欢迎语最多100个字' }]}>
          <Input.TextArea rows={2} placeholder="扫码进群，领取新人福利" />
        </Form.Item>
        <Form.Item name="image" label="二维码图片" rules={[{ required: true, message: '请上传二维码图片' }]}>
          <ImageUpload />
        </Form.Item>
      </Form>
    </Modal>
  );
}
