import { Form, Radio, Select } from 'antd';
import { useCategoryOptions, useGoodsOptions } from '../api/goods-queries';

/** ordinary/custom and apply/exclude scope over goods or categories (plans and promotions). */
export function ScopeFields() {
  const cats = useCategoryOptions();
  const goods = useGoodsOptions();
  const mode = Form.useWatch('scope_mode');
  return (
    <>
      <Form.Item name="scope_mode" label="适用范围">
        <Radio.Group
          options={[
            { value: 'ordinary', label: '普通（全部商品）' },
            { value: 'custom', label: '自定义' },
          ]}
        />
      </Form.Item>
      {mode === 'custom' && (
        <>
          <Form.Item name="scope_rule" label="规则">
            <Radio.Group
              options={[
                { value: 'apply', label: '适用所选' },
                { value: 'exclude', label: '排除所选' },
              ]}
            />
          </Form.Item>
          <Form.Item name="category_ids" label="分类">
            <Select
              mode="multiple"
              allowClear
              options={cats.data?.list.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item name="goods_ids" label="商品">
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={goods.data?.list.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

export const scopeText = (r: {
  scope_mode: string;
  scope_rule: string;
  goods_ids: number[];
  category_ids: number[];
}) =>
  r.scope_mode === 'ordinary'
    ? '全部商品'
    : `${r.scope_rule === 'apply' ? '适用' : '排除'} ${r.category_ids.length} 个分类、${r.goods_ids.length} 个商品`;
