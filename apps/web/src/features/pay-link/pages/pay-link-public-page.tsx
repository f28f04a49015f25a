import { fenToYuan } from '@netbar/contract';
import { Button, Card, Form, Input, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fetchPayLinkMember } from '../api/pay-link-api';
import { usePayLinkPay } from '../api/pay-link-mutations';
import { usePayLinkInfo } from '../api/pay-link-queries';

const frame = { minHeight: '100vh', background: '#f0f2f5', padding: '24px 12px' } as const;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const newRequestId = () => `plink-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * /pay/link/<token> — a payment link (decision 167), public: its title and amount (or an amount input
 * for an open link); 去支付 makes a payment and opens its pay page (/pay). A member top-up link shows the
 * member's masked name, or (open to any member) asks for the card no and shows the name to confirm (176).
 */
export default function PayLinkPublicPage() {
  const token = useParams().token ?? '';
  const info = usePayLinkInfo(token);
  const navigate = useNavigate();
  // one id per visit: a double tap on 去支付 makes one payment
  const [requestId] = useState(newRequestId);
  const [who, setWho] = useState<{ card: string; name: string; card_mask: string } | null>(null);
  const [looking, setLooking] = useState(false);
  const [form] = Form.useForm<{ amount?: string; card_no?: string }>();
  const findMember = async () => {
    const card = (form.getFieldValue('card_no') as string | undefined)?.trim() ?? '';
    if (!/^[A-Za-z0-9]{4,32}$/.test(card)) {
      form.setFields([{ name: 'card_no', errors: ['请输入4-32位字母或数字的会员卡号'] }]);
      return;
    }
    setLooking(true);
    try {
      const m = await fetchPayLinkMember(token, card);
      setWho({ card, ...m });
    } catch {
      setWho(null);
      form.setFields([{ name: 'card_no', errors: ['未找到该会员卡，请核对卡号'] }]);
    } finally {
      setLooking(false);
    }
  };
  const pay = usePayLinkPay((l) =>
    navigate(`/pay?no=${encodeURIComponent(l.no)}&s=${encodeURIComponent(l.s)}`),
  );

  if (!token || info.isError)
    return (
      <div style={frame}>
        <Result status="404" title="收款链接无效或已失效" subTitle="请向收款方确认链接" />
      </div>
    );
  if (info.isLoading || !info.data)
    return (
      <div style={{ ...frame, textAlign: 'center', paddingTop: 96 }}>
        <Spin />
      </div>
    );
  const d = info.data;
  const open = d.amount_fen === null;
  return (
    <div style={frame}>
      <Card style={{ maxWidth: 420, margin: '0 auto' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {d.title}
          </Typography.Title>
          <Tag color="blue">{d.purpose_label}</Tag>
        </Space>
        <Typography.Paragraph type="secondary">收款方：{d.store_name}</Typography.Paragraph>
        {d.status !== '有效' ? (
          <Result status="warning" title={`该收款链接${d.status}`} subTitle="不能再支付，请向收款方确认" />
        ) : (
          <Form
            form={form}
            layout="vertical"
            onFinish={(v: { amount?: string }) =>
              pay.mutate({
                token,
                request_id: requestId,
                ...(open ? { amount: v.amount?.trim() } : {}),
                ...(d.needs_card && who ? { card_no: who.card } : {}),
              })
            }
          >
            {d.member_name && (
              <Typography.Paragraph>
                充值会员：<b>{d.member_name}</b>（卡号 {d.member_card}）
              </Typography.Paragraph>
            )}
            {d.needs_card && (
              <Form.Item label="会员卡号" required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="card_no" noStyle>
                    <Input
                      size="large"
                      placeholder="请输入会员卡号"
                      autoComplete="off"
                      maxLength={32}
                      onChange={() => setWho(null)}
                    />
                  </Form.Item>
                  <Button size="large" loading={looking} onClick={findMember}>
                    查询
                  </Button>
                </Space.Compact>
                {who && (
                  <Typography.Text type="success" data-testid="link-member">
                    会员：{who.name}（卡号 {who.card_mask}），请确认后支付
                  </Typography.Text>
                )}
              </Form.Item>
            )}
            {open ? (
              <Form.Item
                name="amount"
                label={`付款金额（元，${fenToYuan(d.min_fen ?? 0)} - ${fenToYuan(d.max_fen ?? 0)}）`}
                rules={[
                  { required: true, message: '请输入付款金额' },
                  {
                    validator: (_r, v: string | undefined) => {
                      if (!v) return Promise.resolve();
                      if (!AMOUNT.test(v.trim()) || Number(v) <= 0)
                        return Promise.reject(new Error('请输入大于0且最多两位小数的金额'));
                      const fen = Math.round(Number(v) * 100);
                      return fen < (d.min_fen ?? 0) || fen > (d.max_fen ?? Number.MAX_SAFE_INTEGER)
                        ? Promise.reject(
                            new Error(
                              `支付金额须在${fenToYuan(d.min_fen ?? 0)}元至${fenToYuan(d.max_fen ?? 0)}元之间`,
                            ),
                          )
                        : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input size="large" inputMode="decimal" prefix="¥" placeholder="0.00" autoComplete="off" />
              </Form.Item>
            ) : (
              <Typography.Title level={2} style={{ textAlign: 'center' }}>
                ¥{fenToYuan(d.amount_fen ?? 0)}
              </Typography.Title>
            )}
            <Button
              type="primary"
              size="large"
              block
              htmlType="submit"
              loading={pay.isPending}
              disabled={d.needs_card && !who}
            >
              去支付
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
