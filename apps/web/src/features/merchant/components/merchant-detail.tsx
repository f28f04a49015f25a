import { MERCHANT_DOC_LABELS, MERCHANT_TYPE_LABELS, type MerchantDetail } from '@netbar/contract';
import { Alert, Descriptions, Empty, Image, Space, Table, Typography } from 'antd';
import { MerchantStatusTag } from './merchant-status-tag';

/**
 * A merchant as the owner and the payment company see it: ID and card numbers masked, the documents
 * through their signed links (click to enlarge), the acquirer stores.
 */
export function MerchantDetailView({ m }: { m: MerchantDetail }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {m.status === 2 && <Alert type="error" showIcon title={`驳回原因：${m.reject_reason}`} />}
      <Descriptions size="small" bordered column={2}>
        <Descriptions.Item label="营业执照名称" span={2}>
          {m.legal_name || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="商户简称">{m.short_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <MerchantStatusTag status={m.status} />
        </Descriptions.Item>
        <Descriptions.Item label="商户号">{m.merchant_no || '—'}</Descriptions.Item>
        <Descriptions.Item label="商户类型">
          {MERCHANT_TYPE_LABELS[m.merchant_type as 1 | 2] ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{m.licence_no || '—'}</Descriptions.Item>
        <Descriptions.Item label="来源">{m.source === 'sqb' ? '收钱吧导入' : '在线进件'}</Descriptions.Item>
        <Descriptions.Item label="法人">{m.legal_person || '—'}</Descriptions.Item>
        <Descriptions.Item label="法人身份证号">{m.id_no_mask || '—'}</Descriptions.Item>
        <Descriptions.Item label="法人手机号">{m.mobile || '—'}</Descriptions.Item>
        <Descriptions.Item label="申请门店">{m.netbar_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="结算银行">{m.bank_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="开户支行">{m.bank_branch || '—'}</Descriptions.Item>
        <Descriptions.Item label="开户名">{m.card_holder || '—'}</Descriptions.Item>
        <Descriptions.Item label="银行卡号">{m.card_no_mask || '—'}</Descriptions.Item>
        <Descriptions.Item label="经营地址" span={2}>
          {[m.province, m.city, m.district, m.address].filter(Boolean).join(' ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{m.submitted_at || '—'}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{m.updated_at}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>进件资料</Typography.Title>
      {m.docs.length ? (
        <Image.PreviewGroup>
          <Space wrap size="middle">
            {m.docs.map((d) => (
              <figure key={d.id} style={{ margin: 0, textAlign: 'center' }}>
                <Image
                  src={d.url}
                  alt={MERCHANT_DOC_LABELS[d.kind]}
                  width={150}
                  height={100}
                  style={{ objectFit: 'cover' }}
                />
                <figcaption style={{ color: '#595959' }}>{MERCHANT_DOC_LABELS[d.kind]}</figcaption>
              </figure>
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : (
        <Empty description="暂无资料" />
      )}
      {m.stores.length > 0 && (
        <>
          <Typography.Title level={5}>门店</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={m.stores}
            columns={[
              { title: '门店编号', dataIndex: 'store_no' },
              { title: '门店名称', dataIndex: 'store_name' },
              { title: '绑定网吧', dataIndex: 'netbar_name', render: (v: string) => v || '未绑定' },
            ]}
          />
        </>
      )}
    </Space>
  );
}
