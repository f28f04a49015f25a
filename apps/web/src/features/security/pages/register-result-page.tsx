import { LOGIN_PATH } from '@netbar/contract';
import { Button, Result } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AccountFrame } from '../components/account-frame';

export interface RegisteredState {
  registered?: { type: number; user_name: string };
}

/**
 * /account/registerResult: what happens next. Only right after a registration (the register page
 * passes the new account in the navigation state); opened directly it goes to the login page.
 */
export default function RegisterResultPage() {
  const navigate = useNavigate();
  const registered = (useLocation().state as RegisteredState | null)?.registered;
  if (!registered?.user_name) return <Navigate to={LOGIN_PATH} replace />;
  const netbar = registered.type === 3;
  const name = registered.user_name;
  return (
    <AccountFrame title="注册结果">
      <Result
        status="success"
        title="注册成功"
        subTitle={
          <div style={{ textAlign: 'left', lineHeight: 2 }}>
            <p>
              {netbar ? '网吧' : '代理商'}账号 <b>{name}</b> 已开通，现在就可以登录（登录时账号类型请选择“
              {netbar ? '网吧' : '代理商'}”）。
            </p>
            {netbar ? (
              <ol>
                <li>登录后在“账号信息”中核对网吧资料；</li>
                <li>在网吧收银电脑和客户机上安装客户端，机器即可上线；</li>
                <li>在“商品管理”中建立商品，开始收银和库存管理。</li>
              </ol>
            ) : (
              <ol>
                <li>登录后在“账号信息”中核对代理商资料；</li>
                <li>在“网吧管理”中为合作网吧开户，在“员工管理”中添加装机员工；</li>
                <li>在“我的钱包”中充值，用于网吧的开通与续费。</li>
              </ol>
            )}
          </div>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/account/login')}>
            去登录
          </Button>
        }
      />
    </AccountFrame>
  );
}
