import type { RouteNode } from '@netbar/contract';
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { MenuIcon } from '../../../components/menu-icon';

/** Quick links to the sections of the user's menu. */
export function QuickLinks({ sections }: { sections: RouteNode[] }) {
  const shown = sections.filter((s) => s.path !== '/home');
  if (!shown.length) return null;
  return (
    <Card title="快捷入口">
      <Row gutter={[16, 16]}>
        {shown.map((section) => (
          <Col key={section.path} xs={24} sm={12} lg={8} xl={6}>
            <div
              style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 16px', height: '100%' }}
            >
              <div
                style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8, fontWeight: 600 }}
              >
                <MenuIcon name={section.icon} />
                {section.children?.length ? section.title : <Link to={section.path}>{section.title}</Link>}
              </div>
              {section.children?.length ? (
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px' }}>
                  {section.children.map((child) => (
                    <Link key={child.path} to={child.path}>
                      {child.title}
                    </Link>
                  ))}
                </div>
              ) : (
                <Typography.Text type="secondary">进入{section.title}</Typography.Text>
              )}
            </div>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
