import { GithubOutlined, LinkedinOutlined, LinkOutlined } from '@ant-design/icons';
import { GRID_SPANS } from '@oficios/domain';
import { Avatar, Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';

interface TeamMember {
  slug: string;
  name: string;
  role: string;
  color: string;
  links: { label: string; href: string; icon: ReactNode }[];
}

function profiles(slug: string) {
  return [
    { label: 'GitHub', href: `https://github.com/oficios-${slug}`, icon: <GithubOutlined /> },
    { label: 'LinkedIn', href: `https://www.linkedin.com/in/oficios-${slug}`, icon: <LinkedinOutlined /> },
  ];
}

/** The eight administrators. The last two only have in-page anchors (#/{name} and #{name}). */
export const TEAM: TeamMember[] = [
  { slug: 'lucia', name: 'Lucía Fernández', role: 'Administradora', color: '#1677ff', links: profiles('lucia') },
  { slug: 'mateo', name: 'Mateo González', role: 'Administrador', color: '#13c2c2', links: profiles('mateo') },
  { slug: 'sofia', name: 'Sofía Romero', role: 'Administradora', color: '#722ed1', links: profiles('sofia') },
  { slug: 'tomas', name: 'Tomás Herrera', role: 'Administrador', color: '#fa8c16', links: profiles('tomas') },
  { slug: 'valentina', name: 'Valentina Díaz', role: 'Administradora', color: '#eb2f96', links: profiles('valentina') },
  { slug: 'joaquin', name: 'Joaquín Castro', role: 'Administrador', color: '#52c41a', links: profiles('joaquin') },
  {
    slug: 'camila',
    name: 'Camila Rojas',
    role: 'Administradora',
    color: '#2f54eb',
    links: [{ label: 'Perfil', href: '#/camila', icon: <LinkOutlined /> }],
  },
  {
    slug: 'martin',
    name: 'Martín Suárez',
    role: 'Administrador',
    color: '#faad14',
    links: [{ label: 'Perfil', href: '#martin', icon: <LinkOutlined /> }],
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');
}

export function TeamSection() {
  return (
    <section aria-labelledby="team-title" data-testid="team-section">
      <Typography.Title level={2} id="team-title">
        Nuestro equipo
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {TEAM.map((member) => (
          <Col key={member.slug} {...GRID_SPANS}>
            <Card id={member.slug} data-testid="team-member" style={{ height: '100%' }}>
              <Flex vertical align="center" gap={8}>
                <Avatar size={72} style={{ backgroundColor: member.color, fontSize: 28 }} aria-hidden>
                  {initials(member.name)}
                </Avatar>
                <Typography.Text strong>{member.name}</Typography.Text>
                <Typography.Text type="secondary">{member.role}</Typography.Text>
                <Flex gap="middle">
                  {member.links.map((link) => {
                    const external = link.href.startsWith('http');
                    return (
                      <a
                        key={link.href}
                        href={link.href}
                        aria-label={`${link.label} de ${member.name}`}
                        data-testid="team-link"
                        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      >
                        {link.icon} {link.label}
                      </a>
                    );
                  })}
                </Flex>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
