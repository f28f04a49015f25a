import { QuestionCircleOutlined } from '@ant-design/icons';
import { DEDUCT_ORDER_LABELS, type DeductOrder } from '@netbar/contract';
import { Select, Space, Switch, Tag, Tooltip } from 'antd';
import { useSaveSettings } from '../api/member-mutations';
import { useMemberSettings } from '../api/member-queries';

export const CARD_ONLY_HELP =
  '开启：未设置密码的会员在机器上输入卡号即可上机；关闭：未设置密码的会员须先到吧台设置密码。已设置密码的会员始终须输入密码。';

/**
 * The store's member settings on the member list's toolbar: 扣费顺序 (先扣奖励 / 先扣本金), the chain head's
 * 会员连锁通用, and 无密码刷卡上机 (`card_only_logon`, decision 104). Each change saves at once.
 */
export function MemberSettingsBar() {
  const settings = useMemberSettings();
  const save = useSaveSettings({ success: '会员设置已保存' });
  const s = settings.data;
  return (
    <Space size={16} wrap>
      <Select<DeductOrder>
        aria-label="扣费顺序"
        style={{ width: 120 }}
        value={s?.deduct_order}
        options={(['bonus_first', 'principal_first'] as const).map((v) => ({
          value: v,
          label: DEDUCT_ORDER_LABELS[v],
        }))}
        onChange={(v) => save.mutate({ deduct_order: v })}
      />
      {s?.is_chain_head && (
        <Space size={4}>
          <span>会员连锁通用</span>
          <Switch
            aria-label="会员连锁通用"
            checked={s.chain_shared}
            loading={save.isPending}
            onChange={(v) => save.mutate({ deduct_order: s.deduct_order, chain_shared: v ? 1 : 0 })}
          />
        </Space>
      )}
      {s && !s.is_chain_head && s.shared_by_chain && <Tag color="blue">连锁通用会员</Tag>}
      {s && (
        <Space size={4}>
          <span>无密码刷卡上机</span>
          <Tooltip title={CARD_ONLY_HELP}>
            <QuestionCircleOutlined
              aria-label="无密码刷卡上机说明"
              tabIndex={0}
              style={{ color: 'rgba(0,0,0,0.45)' }}
            />
          </Tooltip>
          <Switch
            aria-label="允许无密码会员刷卡上机"
            checked={s.card_only_logon}
            loading={save.isPending}
            onChange={(v) => save.mutate({ deduct_order: s.deduct_order, card_only_logon: v ? 1 : 0 })}
          />
        </Space>
      )}
    </Space>
  );
}
