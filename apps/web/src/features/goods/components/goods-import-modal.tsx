import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { downloadTemplate, type ImportReport } from '../api/goods-api';
import { useCheckImport, useImportGoods } from '../api/goods-mutations';

/** Excel import: choose a file, check it (dry run, nothing written), then import (the goods lists reload). */
export function GoodsImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [msg, setMsg] = useState('');
  const mutation = useImportGoods({ success: (r) => r.msg });
  const check = useCheckImport();
  const busy = mutation.isPending || check.isPending;

  const run = (dry: boolean) => {
    if (!file) return;
    // a check writes nothing: it answers its report without toasting or reloading
    const call = dry ? check : mutation;
    call.mutate(
      { file, dryRun: dry },
      {
        onSuccess: (r) => {
          setReport(r.data);
          setMsg(r.msg);
          if (!dry) {
            setFile(null);
            setReport(null);
            onClose();
          }
        },
        onError: (e) => {
          if (e instanceof HttpError) {
            setMsg(e.msg);
            setReport((e.data as ImportReport | null) ?? null);
          }
        },
      },
    );
  };

  const ok = report && report.errors.length === 0;
  return (
    <Modal
      title="导入商品"
      open={open}
      width={640}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={downloadTemplate}>下载模板</Button>
          <Button disabled={!file} loading={busy} onClick={() => run(true)}>
            校验
          </Button>
          <Button type="primary" disabled={!ok} loading={busy} onClick={() => run(false)}>
            确认导入
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          setReport(null);
          setMsg('');
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: '1', name: file.name }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>点击或拖入 xlsx 文件（按导入模板填写）</p>
      </Upload.Dragger>
      {msg && (
        <Alert
          style={{ marginTop: 12 }}
          type={ok ? 'success' : 'error'}
          showIcon
          title={msg}
          description={
            ok
              ? `共${report.rows}行，${report.goods}个商品，${report.skus}个规格${report.new_categories.length ? `，将新建分类：${report.new_categories.join('、')}` : ''}。校验不写入任何数据。`
              : undefined
          }
        />
      )}
      {report && report.errors.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(r) => `${r.row}-${r.msg}`}
          pagination={false}
          dataSource={report.errors}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '问题', dataIndex: 'msg' },
          ]}
        />
      )}
    </Modal>
  );
}
