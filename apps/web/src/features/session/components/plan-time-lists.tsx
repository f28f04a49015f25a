import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { BANDS_MAX, PACKAGES_MAX } from '@netbar/contract';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, TimePicker } from 'antd';
import dayjs from 'dayjs';

const req = (msg: string) => [{ required: true, message: msg }];
const at = (m: number) => dayjs().startOf('day').add(m, 'minute');

/** Start, end and 次日 of a band or a window package (an end past midnight needs 次日). */
function TimeRange({ name }: { name: number }) {
  return (
    <>
      <Form.Item name={[name, 'start']} rules={req('请选择开始时间')} noStyle>
        <TimePicker
          format="HH:mm"
          minuteStep={5}
          placeholder="开始"
          aria-label="开始时间"
          style={{ width: 96 }}
        />
      </Form.Item>
      <span>至</span>
      <Form.Item name={[name, 'next_day']} valuePropName="checked" noStyle>
        <Checkbox>次日</Checkbox>
      </Form.Item>
      <Form.Item name={[name, 'end']} rules={req('请选择结束时间')} noStyle>
        <TimePicker
          format="HH:mm"
          minuteStep={5}
          placeholder="结束"
          aria-label="结束时间"
          style={{ width: 96 }}
        />
      </Form.Item>
    </>
  );
}

/** 时段价格: named ranges of the day with their own hourly price (夜间 22:00 至 次日 08:00 4元/小时). */
export function BandList() {
  return (
    <Form.List name="bands">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="center" style={{ display: 'flex', marginBottom: 8 }} wrap>
              <Form.Item name={[f.name, 'name']} rules={req('请输入时段名称')} noStyle>
                <Input placeholder="时段名称" aria-label="时段名称" maxLength={10} style={{ width: 110 }} />
              </Form.Item>
              <TimeRange name={f.name} />
              <Form.Item name={[f.name, 'price']} rules={req('请输入时段单价')} noStyle>
                <InputNumber
                  min={0.01}
                  max={1000}
                  precision={2}
                  aria-label="时段单价"
                  suffix="元/小时"
                  style={{ width: 150 }}
                />
              </Form.Item>
              <MinusCircleOutlined aria-label="删除时段" onClick={() => remove(f.name)} />
            </Space>
          ))}
          {fields.length < BANDS_MAX && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', start: at(480), end: at(1320), next_day: false })}
            >
              添加时段
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}

/** 包时套餐: a window (通宵 22:00 至 次日 08:00 for 25元) or N hours from logon (3小时 12元). */
export function PackageList() {
  return (
    <Form.List name="packages">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="center" style={{ display: 'flex', marginBottom: 8 }} wrap>
              <Form.Item name={[f.name, 'kind']} noStyle>
                <Select
                  aria-label="套餐类型"
                  style={{ width: 100 }}
                  options={[
                    { value: 'window', label: '包时段' },
                    { value: 'hours', label: '包小时' },
                  ]}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'name']} rules={req('请输入套餐名称')} noStyle>
                <Input placeholder="套餐名称" aria-label="套餐名称" maxLength={10} style={{ width: 100 }} />
              </Form.Item>
              <Form.Item noStyle dependencies={[['packages', f.name, 'kind']]}>
                {({ getFieldValue }) =>
                  getFieldValue(['packages', f.name, 'kind']) === 'hours' ? (
                    <Form.Item name={[f.name, 'hours']} rules={req('请输入包时时长')} noStyle>
                      <InputNumber
                        min={1}
                        max={24}
                        precision={0}
                        aria-label="包时时长"
                        suffix="小时"
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                  ) : (
                    <TimeRange name={f.name} />
                  )
                }
              </Form.Item>
              <Form.Item name={[f.name, 'price']} rules={req('请输入套餐价格')} noStyle>
                <InputNumber
                  min={0.01}
                  max={100000}
                  precision={2}
                  aria-label="套餐价格"
                  suffix="元"
                  style={{ width: 130 }}
                />
              </Form.Item>
              <MinusCircleOutlined aria-label="删除套餐" onClick={() => remove(f.name)} />
            </Space>
          ))}
          {fields.length < PACKAGES_MAX && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ kind: 'hours', name: '', hours: 3 })}
            >
              添加套餐
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
