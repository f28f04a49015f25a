import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Pager } from '@netbar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Table, type TableColumnsType } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';

export type Filters = Record<string, unknown>;
export type PageParams<F extends Filters> = F & { page: number; page_size: number; after?: string };

export interface PageTableProps<Row, F extends Filters> {
  /** Query key prefix; invalidating it reloads the table. */
  queryKey: readonly unknown[];
  fetcher: (params: PageParams<F>) => Promise<Pager<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: string | ((row: Row) => Key);
  /** Form.Item elements of the filter form; values become the fetcher's filters. */
  filterFields?: ReactNode;
  /** The filter form's name: prefixes its inputs' ids, so that a dialog on the page with the same field names keeps unique ids. */
  filterFormName?: string;
  initialFilters?: F;
  /** Shows a 导出 button that receives the current filters. */
  onExport?: (filters: F) => Promise<void>;
  /** Extra buttons beside 导出 (e.g. 新建). */
  toolbar?: ReactNode;
  title?: ReactNode;
  rowClassName?: (row: Row) => string;
  /** The table's density ('middle' for a list whose columns must fit a 1280 px screen). */
  size?: 'middle' | 'small';
  /** The table's summary (a `TotalsRow`) from the page the server answered, e.g. its `totals`. */
  summary?: (page: Pager<Row>) => ReactNode;
}

/** The list page table: filters, paging 10/20/30/50, loading and error states, export. */
export function PageTable<Row extends object, F extends Filters = Filters>(props: PageTableProps<Row, F>) {
  const {
    queryKey,
    fetcher,
    columns,
    rowKey,
    filterFields,
    filterFormName,
    onExport,
    toolbar,
    title,
    rowClassName,
    size,
    summary,
  } = props;
  const initial = (props.initialFilters ?? {}) as F;
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  // keyset lists (decision 060): when the server says the count is estimated, page by next/previous,
  // each page asked for after the cursor the previous page answered
  const [cursors, setCursors] = useState<string[]>([]);
  const [keyset, setKeyset] = useState(false);
  const after = keyset && page > 1 ? cursors[page - 2] : undefined;
  const params = { ...filters, page, page_size: pageSize, ...(after ? { after } : {}) } as PageParams<F>;
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: () => fetcher(params),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const estimated = keyset || !!data?.estimated;
  useEffect(() => {
    if (!data) return;
    if (data.estimated && !keyset) setKeyset(true);
    if (data.next !== undefined && data.next !== null) {
      const next = data.next;
      setCursors((c) => (c[page - 1] === next ? c : [...c.slice(0, page - 1), next]));
    }
  }, [data, keyset, page]);
  const restart = () => {
    setPage(1);
    setCursors([]);
    setKeyset(false);
  };

  const runExport = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport(filters);
    } catch {
      // the request client has shown the reason
    } finally {
      setExporting(false);
    }
  };

  const actions = (toolbar || onExport) && (
    <Space>
      {toolbar}
      {onExport && (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
          导出
        </Button>
      )}
    </Space>
  );

  return (
    <Card title={title} extra={actions}>
      {filterFields && (
        <Form
          form={form}
          name={filterFormName}
          layout="inline"
          initialValues={initial}
          style={{ marginBottom: 16, rowGap: 12 }}
          onFinish={(values: F) => {
            setFilters({ ...initial, ...values });
            restart();
          }}
        >
          {filterFields}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilters(initial);
                  restart();
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {query.isError && !query.data ? (
        <Alert
          type="error"
          showIcon
          title="加载数据失败"
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<Row>
          rowKey={rowKey}
          columns={columns}
          dataSource={data?.list ?? []}
          loading={query.isFetching}
          rowClassName={rowClassName}
          size={size}
          summary={summary && data ? () => summary(data) : undefined}
          scroll={{ x: 'max-content' }}
          pagination={
            estimated
              ? false
              : {
                  current: page,
                  pageSize,
                  total: data?.count ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES.map(String),
                  showTotal: (total) => `共 ${total} 条`,
                  onChange: (next, size) => {
                    setPage(size !== pageSize ? 1 : next);
                    setPageSize(size);
                  },
                }
          }
        />
      )}
      {estimated && data && (
        <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
          <span>{`约 ${data.count} 条，第 ${page} 页`}</span>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </Button>
          <Button disabled={!data.next || query.isFetching} onClick={() => setPage(page + 1)}>
            下一页
          </Button>
          <Select
            aria-label="每页条数"
            value={pageSize}
            style={{ width: 110 }}
            options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} 条/页` }))}
            onChange={(n: number) => {
              setPageSize(n);
              setPage(1);
              setCursors([]);
            }}
          />
        </Space>
      )}
    </Card>
  );
}
