import { STOCK_DOC_INFO, STOCK_DOC_TYPES } from '@netbar/contract';
import { Button, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';

/** Buttons to the document pages: goods and material documents by type, and the count sheet. */
export function DocLinks() {
  const nav = useNavigate();
  const menu = (kind: 'goods' | 'mater') =>
    STOCK_DOC_TYPES.filter((t) => t !== 'check' && STOCK_DOC_INFO[t].itemKind === kind).map((t) => ({
      key: t,
      label: STOCK_DOC_INFO[t].title,
      onClick: () => nav(`/stock/warehousing_list?stockType=${t}`),
    }));
  return (
    <Space>
      <Dropdown menu={{ items: menu('goods') }}>
        <Button>商品单据</Button>
      </Dropdown>
      <Dropdown menu={{ items: menu('mater') }}>
        <Button>原料单据</Button>
      </Dropdown>
      <Button onClick={() => nav('/stock/inventory')}>盘点</Button>
    </Space>
  );
}
