import { SIYU_KIND_LABELS, type SiyuCodeRow } from '@netbar/contract';
import { Button, Card, Col, Empty, Image, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDeleteCode } from '../api/siyu-mutations';
import { useCodes, useStats } from '../api/siyu-queries';
import { SiyuForm } from '../components/siyu-form';

/** 私域运营 (/application_manage/siyu 10522, decision 179): the store's codes, their scan links and scans per day. */
export default function SiyuPage() {
  const [open, setOpen] = useState(false);
  const codes = useCodes();
  const stats = useStats(30);
  const del = useDeleteCode({ success: '删除成功' });
  const list = codes.data ?? [];
  const days = [...new Set((stats.data ?? []).map((s) => s.day))].sort().reverse();
  const byDay = days.map((day) => ({
    day,
    ...Object.fromEntries(
      (stats.data ?? []).filter((s) => s.day === day).map((s) => [`c${s.code_id}`, s.scans]),
    ),
  }));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="私域二维码"
        extra={
          <Button type="primary" onClick={() => setOpen(true)}>
            新增二维码
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          二维码显示在小票（打印模板「私域二维码」）和客户机上；顾客扫描计数链接后跳转到二维码图片，按天统计扫码次数。
        </Typography.Paragraph>
        {list.length === 0 ? (
          <Empty description="还没有二维码" />
        ) : (
          <Row gutter={[16, 16]}>
            {list.map((c: SiyuCodeRow) => (
              <Col key={c.id} xs={24} sm={12} lg={8}>
                <Card
                  size="small"
                  title={
                    <Space>
                      <Tag color="green">{SIYU_KIND_LABELS[c.kind]}</Tag>
                      {c.name}
                    </Space>
                  }
                  extra={
                    <Popconfirm
                      title="确定删除该二维码？"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() => del.mutate({ id: c.id })}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  }
                >
                  <Space align="start">
                    <Image src={c.image} width={96} height={96} alt={c.name} />
                    <div>
                      <div>{c.welcome || '（无欢迎语）'}</div>
                      <Typography.Text
                        copyable={{ text: `${window.location.origin}${c.link}` }}
                        type="secondary"
                        style={{ fontSize: 12 }}
                      >
                        {c.link}
                      </Typography.Text>
                      <div style={{ marginTop: 8 }}>
                        今日扫码 {c.scans_today} · 累计 {c.scans_total}
                      </div>
                    </div>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <Card title="近30天每日扫码">
        <Table
          size="small"
          rowKey="day"
          loading={stats.isLoading}
          dataSource={byDay}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: '日期', dataIndex: 'day', width: 120 },
            ...list.map((c) => ({
              title: c.name,
              dataIndex: `c${c.id}`,
              align: 'right' as const,
              render: (n?: number) => n ?? 0,
            })),
          ]}
        />
      </Card>
      <SiyuForm open={open} onClose={() => setOpen(false)} />
    </Space>
  );
}
