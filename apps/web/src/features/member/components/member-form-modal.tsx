import { CARD_KIND_LABELS, type MemberRow, memberSaveBody } from '@netbar/contract';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodRule } from '../../../lib/zod-rules';
import { useSaveMember } from '../api/member-mutations';
import { useLevels } from '../api/member-queries';

const shape = memberSaveBody.shape;
type Values = {
  card_kind: 1 | 2;
  card_no?: string;
  name: string;
  mobile?: string;
  level_id?: number;
  remark?: string;
  password?: string;
  birthday?: Dayjs | null;
};

/** 新增会员 / 编辑会员: the card number is typed once when the member is added; afterwards only its mask shows. */
export function MemberFormModal({ state, onClose }: { state: ModeState<MemberRow>; onClose: () => void }) {
  const levels = useLevels();
  const { form, saving, submit, title, adding } = useModeForm<MemberRow, Values, Record<string, unknown>>(
    state,
    {
      valuesOf: (r) => ({
        card_kind: r.card_kind,
        name: r.name,
        mobile: r.mobile,
        level_id: r.level_id,
        remark: r.remark,
        birthday: r.birthday ? dayjs(r.birthday) : null,
      }),
      mutation: useSaveMember(),
      payload: (v, s) => ({
        ...v,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : undefined,
        id: s.mode === 'edit' ? s.row.id : undefined,
      }),
      onDone: onClose,
    },
  );
  const kind = Form.useWatch('card_kind', form);
  return (
    <Modal
      open={!!state}
      title={title('会员')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ card_kind: 1 }}>
        <Form.Item name="card_kind" label="证件类型" required>
          <Radio.Group
            disabled={!adding}
            options={([1, 2] as const).map((v) => ({ value: v, label: CARD_KIND_LABELS[v] }))}
          />
        </Form.Item>
        {adding ? (
          <Form.Item
            name="card_no"
            label={kind === 1 ? '身份证号' : '会员卡号'}
            required
            rules={[
              { required: true, message: '请输入卡号' },
              {
                validator: async (_r, v?: string) => {
                  if (!v) return;
                  const r = memberSaveBody.safeParse({ card_kind: kind, card_no: v, name: '校验' });
                  const issue = r.success ? undefined : r.error.issues.find((i) => i.path[0] === 'card_no');
                  if (issue) throw new Error(issue.message);
                },
              },
            ]}
          >
            <Input placeholder={kind === 1 ? '18位身份证号码' : '4-32位字母或数字'} maxLength={32} />
          </Form.Item>
        ) : (
          <Form.Item label="卡号">
            <Input value={state?.mode === 'edit' ? state.row.card_mask : ''} disabled />
          </Form.Item>
        )}
        <Form.Item name="name" label="姓名" rules={[zodRule(shape.name)]} required>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[zodRule(shape.mobile)]}>
          <Input maxLength={11} placeholder="可选" />
        </Form.Item>
        <Form.Item name="birthday" label="生日" extra="可选。营销活动的生日奖励在会员生日当天充值时赠送">
          <DatePicker
            style={{ width: '100%' }}
            placeholder="选择生日"
            disabledDate={(d) => !d.isBefore(dayjs(), 'day') || d.year() < 1900}
            defaultPickerValue={dayjs('1995-01-01')}
          />
        </Form.Item>
        <Form.Item
          name="level_id"
          label="会员等级"
          extra={adding ? '不选则为最低等级，累计充值达标后自动升级' : undefined}
        >
          <Select allowClear options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
        {adding && (
          <Form.Item
            name="password"
            label="会员密码"
            rules={[zodRule(shape.password)]}
            extra="6-16位字母或数字。设置后上机须输入密码；不设置时按本店“无密码刷卡上机”开关处理，之后也可在会员详情中设置"
          >
            <Input.Password maxLength={16} autoComplete="new-password" placeholder="可选" />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
