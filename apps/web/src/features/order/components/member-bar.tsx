import { CloseOutlined, UserOutlined } from '@ant-design/icons';
import { fenToYuan, type MemberRow } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, type InputRef, List, Space, Tag, Typography } from 'antd';
import { type Ref, useState } from 'react';
import { TipButton } from '../../tip/components/tip-button';
import { memberFindQuery } from '../api/order-queries';

export interface MemberBarProps {
  member: MemberRow | null;
  onAttach: (m: MemberRow) => void;
  onDetach: () => void;
  inputRef: Ref<InputRef>;
}

/**
 * Attaches a member to the sale by card number or mobile (F2 focuses the box): one match attaches at
 * once, several are listed to pick; the attached member shows level (with or without 会员价) and 本金/奖励.
 */
export function MemberBar({ member, onAttach, onDetach, inputRef }: MemberBarProps) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [found, setFound] = useState<MemberRow[] | null>(null);
  const [busy, setBusy] = useState(false);

  const look = async () => {
    const t = text.trim();
    if (!t) return;
    setBusy(true);
    try {
      const list = await qc.fetchQuery(memberFindQuery(t));
      if (list.length === 1 && list[0]) {
        attach(list[0]);
      } else setFound(list);
    } catch {
      setFound(null); // the request client already showed why
    } finally {
      setBusy(false);
    }
  };
  const attach = (m: MemberRow) => {
    onAttach(m);
    setFound(null);
    setText('');
  };

  if (member)
    return (
      <div className="cashier-member" data-testid="cashier-member">
        <Space size={6} wrap>
          <UserOutlined />
          <Typography.Text strong>{member.name || '会员'}</Typography.Text>
          <Tag color="gold">{member.level_name}</Tag>
          {member.member_price ? <Tag color="green">享会员价</Tag> : <Tag>无会员价</Tag>}
          <Typography.Text type="secondary">{member.card_mask}</Typography.Text>
        </Space>
        <Space size={12}>
          <span>本金 ¥{fenToYuan(member.principal_fen)}</span>
          <span>奖励 ¥{fenToYuan(member.bonus_fen)}</span>
          {/* 打赏 from 本金 to a staff member (decision 148); the bar shows the 本金 left */}
          <TipButton member={member} onTipped={(p) => onAttach({ ...member, principal_fen: p })} />
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={onDetach}
            aria-label="取消关联会员"
          >
            取消会员
          </Button>
        </Space>
      </div>
    );
  return (
    <div className="cashier-member">
      <Input.Search
        ref={inputRef}
        aria-label="会员卡号或手机号"
        placeholder="会员卡号或手机号，回车查找（F2）"
        enterButton="关联会员"
        value={text}
        loading={busy}
        onChange={(e) => {
          setText(e.target.value);
          setFound(null);
        }}
        onSearch={() => void look()}
      />
      {found && found.length === 0 && <Typography.Text type="danger">未找到会员：{text}</Typography.Text>}
      {found && found.length > 1 && (
        <List
          size="small"
          className="cashier-member-found"
          header={`找到 ${found.length} 位会员，请选择`}
          dataSource={found}
          renderItem={(m) => (
            <List.Item
              actions={[
                <Button key="pick" size="small" type="link" onClick={() => attach(m)}>
                  选择
                </Button>,
              ]}
            >
              {m.name} {m.mobile} {m.card_mask} · 余额 ¥{fenToYuan(m.principal_fen + m.bonus_fen)}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
