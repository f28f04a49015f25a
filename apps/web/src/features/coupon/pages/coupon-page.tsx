import { Tabs } from 'antd';
import { CouponRecordTable } from '../components/coupon-record-table';
import { CouponTemplateTable } from '../components/coupon-template-table';

/**
 * 优惠券 (/application_manage/coupon, decision 186): 券模板 (满减券/抵用券, scope, validity, 发放 to a member) and
 * 优惠券记录 (issued, used, expired, voided; 合计 and export). Members use them at the 收银台.
 */
export default function CouponPage() {
  return (
    <Tabs
      items={[
        { key: 'templates', label: '券模板', children: <CouponTemplateTable /> },
        { key: 'records', label: '优惠券记录', children: <CouponRecordTable /> },
      ]}
    />
  );
}
