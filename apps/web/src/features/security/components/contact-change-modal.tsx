import { email, mobile, verifyCode } from '@netbar/contract';
import { Button, Form, Input, Modal, Steps } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { zodRule } from '../../../lib/zod-rules';
import { accountApi } from '../api/account-api';
import { useUpdateContact, useVerifyOldContact } from '../api/security-mutations';
import { CaptchaField, requireCaptcha } from './captcha-field';
import { SmsCodeField } from './sms-code-field';

interface Props {
  channel: 'mobile' | 'email';
  /** The masked current value; empty when none is bound yet. */
  current: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Change (or first bind) a mobile or email: prove the old one, then the new one. */
export function ContactChangeModal({ channel, current, open, onClose, onDone }: Props) {
  const [form] = Form.useForm();
  const [step, setStep] = useState(current ? 0 : 1);
  const [nonce, setNonce] = useState(() => Date.now());
  const verifyOld = useVerifyOldContact({
    onSuccess: () => {
      form.resetFields();
      setStep(1);
    },
  });
  const update = useUpdateContact({
    success: (msg) => msg,
    onSuccess: () => {
      form.resetFields();
      onDone();
    },
  });
  const label = channel === 'mobile' ? '手机号' : '邮箱';
  const isSms = channel === 'mobile';

  /** The code field's send (run by its mutation): the image captcha is used up, so it is refreshed. */
  const send = async (op: string) => {
    if (op.endsWith('_new')) await form.validateFields([channel]);
    const answer = requireCaptcha(form);
    const v = form.getFieldsValue() as Record<string, string>;
    const body = {
      captcha: answer,
      op_from: op,
      ...(op.endsWith('_new') ? { [channel]: v[channel] } : {}),
    };
    return (isSms ? accountApi.sendSecuritySms(body) : accountApi.sendSecurityEmail(body))
      .then((r) => {
        feedback.success('验证码已发送');
        return r.wait;
      })
      .finally(() => {
        form.setFieldValue('captcha', '');
        setNonce(Date.now());
      });
  };

  const finish = (v: Record<string, string>) => {
    if (step === 0) verifyOld.mutate({ channel, code: v.code });
    else update.mutate({ channel, value: v[channel], code: v.code });
  };

  return (
    <Modal
      title={current ? `更换绑定${label}` : `绑定${label}`}
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      width={480}
    >
      {current && (
        <Steps
          size="small"
          current={step}
          style={{ margin: '8px 0 24px' }}
          items={[{ title: `验证原${label}` }, { title: `绑定新${label}` }]}
        />
      )}
      <Form form={form} layout="vertical" onFinish={finish} noValidate>
        {step === 0 ? (
          <Form.Item label={`原${label}`}>
            <Input value={current} disabled />
          </Form.Item>
        ) : (
          <Form.Item label={`新${label}`} name={channel} required rules={[zodRule(isSms ? mobile : email)]}>
            <Input maxLength={isSms ? 11 : 100} />
          </Form.Item>
        )}
        <Form.Item label="图形验证码" name="captcha">
          <CaptchaField nonce={nonce} onRefresh={() => setNonce(Date.now())} />
        </Form.Item>
        <Form.Item label="验证码" name="code" required rules={[zodRule(verifyCode)]}>
          <SmsCodeField
            key={step}
            onSend={() => send(`${isSms ? 'mobile' : 'email'}_${step === 0 ? 'old' : 'new'}`)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={verifyOld.isPending || update.isPending}>
          {step === 0 ? '下一步' : '确认'}
        </Button>
      </Form>
    </Modal>
  );
}
