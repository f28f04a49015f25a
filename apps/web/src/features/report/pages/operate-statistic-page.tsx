import { DownloadOutlined } from '@ant-design/icons';
import { OPERATE_GROUP_LABELS, OPERATE_GROUPS, type OperateGroup, REPORT_MAX_DAYS } from '@netbar/contract';
import { Alert, Button, Card, Segmented, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { ReportPeriodPicker, StoreSelect, useReportPeriod } from '../../../components/report-filters';
import { PrintButton, ReportPrintStyle } from '../../../components/report-print';
import { TotalsRow } from '../../../components/totals-row';
import { reportApi } from '../api/report-api';
import { useOperateStatistic } from '../api/report-queries';
import { OperateCards } from '../components/operate-cards';
import { OperateChart } from '../components/operate-chart';
import { rowColumns, storeColumns, storeRows, totalsCells } from '../components/operate-columns';

/**
 * /operating_statements/operate_statistic (241): revenue by source, top-ups, bonus, refunds and net cash
 * by payment method per day, week or month, against the previous period; a chain head sees every store
 * side by side and the total. Business days (the store's day start, 站点设置).
 */
export default function OperateStatisticPage() {
  const { period, setPeriod, range } = useReportPeriod();
  const [group, setGroup] = useState<OperateGroup>('day');
  const [storeId, setStoreId] = useState<number | undefined>();
  const [exporting, setExporting] = useState(false);
  const params = {
    ...range,
    group,
    ...(storeId ? { store_id: storeId } : {}),
  };
  const q = useOperateStatistic(params);
  const data = q.data;
  const choices = data?.choices ?? [];
  const many = (data?.stores.length ?? 0) > 1;

  const doExport = async () => {
    if (!data) return;
    setExporting(true);
    try {
      await reportApi.exportOperate(params);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ReportPrintStyle />
      <Card size="small" style={{ marginBottom: 16 }} className="no-print">
        <Space wrap>
          <ReportPeriodPicker value={period} onChange={setPeriod} />
          <Segmented
            aria-label="统计周期"
            value={group}
            onChange={(v) => setGroup(v as OperateGroup)}
            options={OPERATE_GROUPS.map((g) => ({ value: g, label: OPERATE_GROUP_LABELS[g] }))}
          />
          {choices.length > 1 && <StoreSelect stores={choices} value={storeId} onChange={setStoreId} />}
          {/* enabled from the start: a button turning from disabled to enabled fades its colour, and axe
              read the fade as too little contrast (the menu walk) */}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport}>
            导出
          </Button>
          <PrintButton />
        </Space>
        <div style={{ color: '#595959', fontSize: 12, marginTop: 8 }}>
          按营业日统计（营业日开始时间在「站点设置」中设置），最长{REPORT_MAX_DAYS}
          天；环比为紧邻的上一段同样天数。
        </div>
      </Card>
      {q.isError && <Alert type="error" showIcon message="经营统计加载失败" style={{ marginBottom: 16 }} />}
      {!data && q.isLoading && <Spin style={{ display: 'block', margin: 48 }} />}
      {data && (
        <>
          <h3 style={{ margin: '0 0 12px' }}>
            经营统计 {data.start} 至 {data.end}
            {data.stores.length === 1 ? `（${data.stores[0]?.name}）` : `（${data.stores.length}家门店合计）`}
          </h3>
          <OperateCards data={data} />
          <Card size="small" title="营业收入按来源（元）" style={{ marginBottom: 16 }}>
            <OperateChart rows={data.rows} />
          </Card>
          {many && (
            <Card size="small" title="门店对比" style={{ marginBottom: 16 }}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={storeColumns()}
                dataSource={storeRows(data.stores)}
                summary={() => <TotalsRow cells={[...totalsCells(data.totals), '']} />}
              />
            </Card>
          )}
          <Card size="small" title={`${OPERATE_GROUP_LABELS[data.group]}明细`}>
            <Table
              size="small"
              rowKey="start"
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={rowColumns()}
              dataSource={data.rows}
              summary={() => <TotalsRow cells={totalsCells(data.totals)} />}
            />
          </Card>
        </>
      )}
    </>
  );
}
