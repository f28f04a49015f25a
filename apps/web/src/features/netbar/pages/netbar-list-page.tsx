import { LinkOutlined } from '@ant-design/icons';
import { type NetbarRow, PERM } from '@netbar/contract';
import { Button, Card, Col, DatePicker, Form, Row, Space, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useAppState } from '../../../lib/app-state';
import { authPathIds } from '../../../lib/user';
import {
  contactOptions,
  exportNetbars,
  fetchNetbars,
  ipOptions,
  mobileOptions,
  staffOptions,
  versionOptions,
} from '../api/netbar-api';
import { netbarKeys } from '../api/netbar-keys';
import { useDeleteNetbar, useUnbindNetbar } from '../api/netbar-mutations';
import { useNetbarStatics } from '../api/netbar-queries';
import { AssignPersonModal } from '../components/assign-person-modal';
import { BindNetbarModal } from '../components/bind-netbar-modal';
import { ExtendModal } from '../components/extend-modal';
import { netbarColumns } from '../components/netbar-columns';
import { RegionFilter, regionQuery } from '../components/region-filter';
import { RegisterNetbarModal } from '../components/register-netbar-modal';
import { RemarkDrawer } from '../components/remark-drawer';

/** The filter form's values → the call's query (expiry range → expire_from / expire_to; region → province, city, district). */
function toQuery(p: Record<string, unknown>): Record<string, unknown> {
  const { expire, region, ...rest } = p as { expire?: [Dayjs, Dayjs] | null; region?: string[] };
  const q: Record<string, unknown> = { ...regionQuery(region) };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null && v !== '') q[k] = v;
  if (expire?.[0]) q.expire_from = expire[0].format('YYYY-MM-DD');
  if (expire?.[1]) q.expire_to = expire[1].format('YYYY-MM-DD');
  return q;
}

/** /netbarManage/list: the agent's book of netbars. */
export default function NetbarListPage() {
  const user = useAppState((s) => s.user);
  const perms = new Set(authPathIds(user));
  const isAgent = user?.type === 1;
  const canPay = perms.has(PERM.FUND_MANAGE);
  const statics = useNetbarStatics();
  const [registering, setRegistering] = useState(false);
  const [binding, setBinding] = useState(false);
  const [remarkOf, setRemarkOf] = useState<NetbarRow | null>(null);
  const [extendOf, setExtendOf] = useState<NetbarRow | null>(null);
  const [assignOf, setAssignOf] = useState<NetbarRow | null>(null);
  const remove = useDeleteNetbar({ success: '删除成功' });
  const unbind = useUnbindNetbar({ success: '解绑成功' });

  const columns = netbarColumns({
    canPay,
    isAgent,
    onDelete: (r) => remove.mutate([r.id]),
    onUnbind: (r) => unbind.mutate(r.id),
    onRemark: setRemarkOf,
    onExtend: setExtendOf,
    onAssign: setAssignOf,
  });

  const s = statics.data;
  const cards = [
    ['网吧总数', s?.netbars, '家'],
    ['机器总数', s?.machines, '台'],
    ['30天内到期', s?.expiring, '家'],
    ['已到期', s?.expired, '家'],
    ['本月新增', s?.new_this_month, '家'],
  ] as const;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        {cards.map(([title, value, suffix]) => (
          <Col flex="1" key={title}>
            <Card size="small">
              <Statistic title={title} value={value ?? '—'} suffix={suffix} loading={statics.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <PageTable<NetbarRow>
        title="网吧列表"
        queryKey={netbarKeys.list()}
        fetcher={(p) => fetchNetbars(toQuery(p))}
        onExport={(f) => exportNetbars(toQuery(f))}
        columns={columns}
        rowKey="id"
        toolbar={
          <Space>
            <AddButton onClick={() => setRegistering(true)}>注册网吧</AddButton>
            <Button icon={<LinkOutlined />} onClick={() => setBinding(true)}>
              绑定网吧
            </Button>
          </Space>
        }
        filterFields={
          <>
            <KeywordFilter label="网吧名称/账号" width={160} />
            <Form.Item name="person_id">
              <FilterSelect loader={staffOptions} placeholder="负责员工" />
            </Form.Item>
            <Form.Item name="server_version">
              <FilterSelect loader={() => versionOptions(false)} placeholder="服务端版本" />
            </Form.Item>
            <Form.Item name="ip">
              <FilterSelect loader={() => ipOptions(false)} placeholder="服务器IP" />
            </Form.Item>
            <Form.Item name="contact">
              <FilterSelect loader={() => contactOptions()} placeholder="联系人" />
            </Form.Item>
            <Form.Item name="mobile">
              <FilterSelect loader={() => mobileOptions()} placeholder="手机号" />
            </Form.Item>
            <ChoiceFilter
              name="online"
              label="在线状态"
              width={110}
              options={[
                { value: 1, label: '在线' },
                { value: 0, label: '离线' },
              ]}
            />
            <ChoiceFilter
              name="status"
              label="状态"
              options={[
                { value: 1, label: '正常' },
                { value: 2, label: '停用' },
              ]}
            />
            <Form.Item name="region">
              <RegionFilter />
            </Form.Item>
            <Form.Item name="expire">
              <DatePicker.RangePicker aria-label="到期日期" placeholder={['到期开始', '到期结束']} />
            </Form.Item>
          </>
        }
      />
      <RegisterNetbarModal
        open={registering}
        onClose={() => setRegistering(false)}
        onDone={() => setRegistering(false)}
      />
      <BindNetbarModal open={binding} onClose={() => setBinding(false)} onDone={() => setBinding(false)} />
      <RemarkDrawer netbar={remarkOf} onClose={() => setRemarkOf(null)} />
      <ExtendModal netbar={extendOf} onClose={() => setExtendOf(null)} onDone={() => setExtendOf(null)} />
      <AssignPersonModal
        netbar={assignOf}
        onClose={() => setAssignOf(null)}
        onDone={() => setAssignOf(null)}
      />
    </Space>
  );
}
