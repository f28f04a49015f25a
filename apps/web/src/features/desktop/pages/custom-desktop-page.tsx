import { type DesktopSaveBody, desktopSaveBody } from '@netbar/contract';
import { Alert, App, Button, Card, Col, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSaveDesktop } from '../api/desktop-mutations';
import { useDesktopConfig, useDesktopSettings } from '../api/desktop-queries';
import { draftOf } from '../components/desktop-draft';
import { DesktopFields } from '../components/desktop-fields';
import { DesktopPreview } from '../components/desktop-preview';
import { IconGroupsEditor } from '../components/icon-groups-editor';

/**
 * 自定义桌面 (/custom_desktop 4001, from 桌面设置 10503; decision 192): one configuration edited with a
 * live 1920×1080 preview — area and band, wallpaper, icon groups (drag to order), ticker, login adverts.
 * `?id=` edits a saved one; without it a new one is added.
 */
export default function CustomDesktopPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0) || 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const settings = useDesktopSettings();
  const config = useDesktopConfig(id);
  const [draft, setDraft] = useState<DesktopSaveBody | null>(id ? null : draftOf());
  useEffect(() => {
    if (config.data) setDraft(draftOf(config.data));
  }, [config.data]);
  const save = useSaveDesktop({
    success: '保存成功',
    onSuccess: (c) => navigate(`/custom_desktop?id=${c.id}`, { replace: true }),
  });

  if (settings.isLoading || (id && config.isLoading) || !draft) {
    if (settings.isError || config.isError)
      return <Alert type="error" showIcon title="桌面配置不存在或无法加载" />;
    return <Spin />;
  }
  if (!settings.data) return <Alert type="error" showIcon title="加载桌面设置失败" />;
  const base = settings.data.images_base;
  const set = (p: Partial<DesktopSaveBody>) => setDraft({ ...draft, ...p });
  const submit = () => {
    const r = desktopSaveBody.safeParse(draft);
    if (!r.success) {
      message.error(r.error.issues[0]?.message ?? '请检查桌面配置');
      return;
    }
    save.mutate(r.data);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {id ? '编辑桌面' : '新增桌面'}
        </Typography.Title>
        <Space>
          <Button onClick={() => navigate('/application_manage/desktop_settings')}>返回桌面设置</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Space>
      </Space>
      <Row gutter={16}>
        <Col xs={24} xl={9}>
          <Card size="small" title="基本设置">
            <DesktopFields draft={draft} set={set} areas={settings.data.areas} />
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card size="small" title="预览（1920×1080 等比缩放）" style={{ marginBottom: 16 }}>
            <DesktopPreview draft={draft} imagesBase={base} />
          </Card>
          <Card size="small" title="图标分组（拖动图标调整顺序）">
            <IconGroupsEditor value={draft.groups} onChange={(groups) => set({ groups })} imagesBase={base} />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
