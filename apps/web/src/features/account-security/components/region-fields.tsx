import type { AreaItem } from '@netbar/contract';
import { province, city, district } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Select, Space } from 'antd';
import { zodRule } from '../../../lib/zod-rules';
import { accountApi } from '../api/account-api';

const useArea = (parent: string | undefined) =>
  useQuery({
    queryKey: ['area', parent],
    queryFn: () => accountApi.area(parent ?? '0'),
    enabled: parent !== undefined,
    staleTime: Infinity,
  });

const idOf = (list: AreaItem[] | undefined, name: unknown) => list?.find((x) => x.name === name)?.id;
const opts = (list: AreaItem[] | undefined) => (list ?? []).map((x) => ({ value: x.name, label: x.name }));

/** Province / city / district selects (get_area by parentID); the form keeps the names. */
export function RegionFields({ form }: { form: FormInstance }) {
  const p = Form.useWatch('province', form);
  const c = Form.useWatch('city', form);
  const provinces = useArea('0');
  const cities = useArea(idOf(provinces.data, p));
  const districts = useArea(idOf(cities.data, c));
  return (
    <Form.Item label="所在地区" required style={{ marginBottom: 0 }}>
      <Space.Compact block>
        <Form.Item name="province" rules={[zodRule(province)]} style={{ width: '33%' }}>
          <Select
            showSearch
            placeholder="省份"
            options={opts(provinces.data)}
            onChange={() => form.setFieldsValue({ city: undefined, district: undefined })}
          />
        </Form.Item>
        <Form.Item name="city" rules={[zodRule(city)]} style={{ width: '33%' }}>
          <Select
            showSearch
            placeholder="城市"
            options={opts(cities.data)}
            onChange={() => form.setFieldsValue({ district: undefined })}
          />
        </Form.Item>
        <Form.Item name="district" rules={[zodRule(district)]} style={{ width: '34%' }}>
          <Select showSearch placeholder="区县" options={opts(districts.data)} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
