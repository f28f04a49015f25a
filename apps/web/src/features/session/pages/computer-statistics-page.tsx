import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan } from '@netbar/contract';
import { Alert, Button, Card, Col, Row, Space, Spin, Statistic } from 'antd';
import { useState } from 'react';
import { ReportPeriodPicker, StoreSelect, useReportPeriod } from '../../../components/report-filters';
import { PrintButton, ReportPrintStyle } from '../../../components/report-print';
import { exportComputerStats } from '../api/session-api';
import { useComputerStats } from '../api/session-queries';
import { AreaChart, MemberChart, OccupancyHeatmap } from '../components/computer-charts';
import { MachineUsageTable } from '../components/machine-usage-table';

const pct = (v: number) => `${(Math.round(v * 1000) / 10).toFixed(1)}%`;

/**
 * /operating_statements/computer_statistics (240): live occupancy, the hour × weekday heat map,
 * utilisation by area and machine (idle machines tagged), sessions, average length, online fees per
 * machine and new against returning members, over business days; a chain head picks a store or all.
 */
export default function ComputerStatisticsPage() {
  const { period, setPeriod, range } = useReportPeriod();
  const [storeId, setStoreId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const params = {
    ...range,
    ...(storeId ? { store_id: storeId } : {}),
  };
  const q = useComputerStats(params);
  const d = q.data;
  const many = !storeId && (d?.stores.length ?? 0) > 1;
  const doExport = async () => {
    if (!d) return;
    setExporting(true);
    try {
      await exportComputerStats(params);
    } catch {
      // the request client has shown the reason
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ReportPrintStyle />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap>
          <ReportPeriodPicker value={period} onChange={setPeriod} />
          {(d?.stores.length ?? 0) > 1 && (
            <StoreSelect stores={d?.stores ?? []} value={storeId} onChange={setStoreId} />
          )}
          {/* enabled from the start: a disabled button turning enabled fades its colour, which axe reads
              as too little contrast (the menu walk) */}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
            导出
          </Button>
          <PrintButton />
        </Space>
      </Card>
      {q.isError && !d && <Alert type="error" showIcon title="加载数据失败" />}
      {!d && q.isLoading && <Spin />}
      {d && (
        <Spin spinning={q.isFetching}>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Card size="small" title="实时（当前）">
                <Space size="large">
                  <Statistic title="上机中" value={d.live.in_use} />
                  <Statistic title="在线" value={d.live.online} />
                  <Statistic title="机器总数" value={d.live.total} />
                  <Statistic
                    title="在用率"
                    value={d.live.total ? pct(d.live.in_use / d.live.total) : '0.0%'}
                  />
                </Space>
              </Card>
            </Col>
            <Col xs={24} md={16}>
              <Card size="small" title="统计期间">
                <Space size="large" wrap>
                  <Statistic title="上机次数" value={d.summary.sessions} />
                  <Statistic title="平均上机时长" value={d.summary.avg_minutes} suffix="分钟" />
                  <Statistic title="上网费(元)" value={fenToYuan(d.summary.fee_fen)} />
                  <Statistic title="单机上网费(元)" value={fenToYuan(d.summary.fee_per_machine_fen)} />
                  <Statistic title="平均使用率" value={pct(d.summary.utilisation)} />
                  <Statistic
                    title="闲置机器"
                    value={d.summary.idle_machines}
                    suffix={`/ ${d.summary.machines} 台`}
                  />
                  <Statistic
                    title="新会员 / 老会员"
                    value={`${d.members.new_members} / ${d.members.returning_members}`}
                  />
                </Space>
              </Card>
            </Col>
          </Row>
          <Card size="small" title="时段在用率（小时 × 星期）" style={{ marginBottom: 16 }}>
            <OccupancyHeatmap cells={d.heatmap} />
          </Card>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title="区域使用率">
                <AreaChart areas={d.areas} many={many} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title="新老会员（按营业日）">
                <MemberChart days={d.members.days} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title="机器使用明细">
            <MachineUsageTable data={d} many={many} />
          </Card>
        </Spin>
      )}
    </>
  );
}
