import { Card, Result } from 'antd';

/** A route of the table whose screen is not built yet: says so plainly, pretends nothing. */
export function NotOpenPage({ title }: { title: string }) {
  return (
    <Card>
      <Result status="info" title="该功能暂未开放" subTitle={`「${title}」将在后续版本中提供，敬请期待。`} />
    </Card>
  );
}
