import { DESKTOP_LIMITS, type DesktopIcon, desktopIconSchema } from '@netbar/contract';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { PictureUpload } from './picture-upload';

/** 自定义图标: a name, the program's path on the PC and an uploaded icon (128×128 on the server). */
export function CustomIconButton({ onAdd }: { onAdd: (i: DesktopIcon) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [icon, setIcon] = useState('');
  const { message } = App.useApp();
  const ok = () => {
    const r = desktopIconSchema.safeParse({ kind: 'custom', name, path, icon });
    if (!r.success) {
      message.error(r.error.issues[0]?.message ?? '请完善自定义图标');
      return;
    }
    onAdd(r.data);
    setOpen(false);
    setName('');
    setPath('');
    setIcon('');
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>添加自定义图标</Button>
      <Modal
        title="添加自定义图标"
        open={open}
        onOk={ok}
        onCancel={() => setOpen(false)}
        okText="添加"
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input
            placeholder="图标名称"
            value={name}
            maxLength={DESKTOP_LIMITS.iconNameMax}
            onChange={(e) => setName(e.target.value)}
          />
          <Input
            placeholder="程序路径，如 D:\Tools\YY\YY.exe"
            value={path}
            maxLength={DESKTOP_LIMITS.pathMax}
            onChange={(e) => setPath(e.target.value)}
          />
          <Space>
            <PictureUpload kind="icon" label="上传图标" onDone={setIcon} />
            <Typography.Text type={icon ? 'success' : 'secondary'}>
              {icon ? '已上传' : 'PNG/JPEG，不超过1MB'}
            </Typography.Text>
          </Space>
        </Space>
      </Modal>
    </>
  );
}
