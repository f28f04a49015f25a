import { agentUserEditBody, netbarUserEditBody } from '@netbar/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router';
import { AreaFields } from '../../../components/area-fields';
import { useAppState } from '../../../lib/app-state';
import { zodFormRules } from '../../../lib/zod-rules';
import { useEditProfile } from '../api/security-mutations';
import { useProfile } from '../api/security-queries';

const netbarRules = zodFormRules(netbarUserEditBody);
const agentRules = zodFormRules(agentUserEditBody);

/** /user/modifyInfo: edit one's own details; the password is optional (leave empty to keep it). */
export default function ModifyInfoPage() {
  const type = useAppState((s) => s.user?.type ?? 0);
  const isNetbar = type === 3;
  const q = useProfile(type);
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const save = useEditProfile(() => navigate('/user/info'));
  if (q.isError) return <Alert type="error" showIcon title="加载数据失败" />;
  if (!q.data) return <Skeleton active />;
  const r = isNetbar ? netbarRules : { ...netbarRules, ...agentRules };

  const finish = (v: Record<string, unknown>) => save.mutate({ type, values: v });

  return (
    <Card title="修改资料">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        style={{ maxWidth: 640 }}
        initialValues={{ ...q.data, password: '', old_password: '' }}
        onFinish={finish}
        noValidate
      >
        <Form.Item label="通行证账号">
          <Input aria-label="通行证账号" value={q.data.user_name} disabled />
        </Form.Item>
        {!isNetbar && q.data.agent_name !== undefined && (
          <Form.Item label="代理商名称" name="agent_name" rules={agentRules.agent_name}>
            <Input maxLength={30} />
          </Form.Item>
        )}
        <Form.Item label="真实姓名" name="true_name" required rules={r.true_name}>
          <Input maxLength={25} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" required rules={r.email}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="QQ" name="qq" rules={r.qq}>
          <Input maxLength={20} placeholder="选填" />
        </Form.Item>
        <AreaFields form={form} />
        <Form.Item label="详细地址" name="address" required rules={r.address}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="邮政编码" name="postcode" required rules={r.postcode}>
          <Input maxLength={10} />
        </Form.Item>
        {isNetbar && (
          <>
            <Form.Item label="注册机器数" name="machine_count" required rules={netbarRules.machine_count}>
              <InputNumber min={1} max={300} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="联系人" name="contact" required rules={netbarRules.contact}>
              <Input maxLength={10} />
            </Form.Item>
          </>
        )}
        <Form.Item label="新密码" name="password" rules={r.password} extra="不修改请留空">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle dependencies={['password']}>
          {({ getFieldValue }) =>
            getFieldValue('password') ? (
              <Form.Item
                label="原密码"
                name="old_password"
                required
                rules={[{ required: true, whitespace: true, message: '请输入原密码' }]}
                extra="修改密码需验证原密码，修改后其他设备上的登录将退出"
              >
                <Input.Password autoComplete="current-password" maxLength={128} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => navigate('/user/info')}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
