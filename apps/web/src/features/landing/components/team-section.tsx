import { GRID_SPANS } from '@oficios/domain';
import { Col, Row } from 'antd';
import { BRAND } from '../../../shared/ui/theme';

interface TeamMember {
  slug: string;
  name: string;
  role: string;
  color: string;
  links: { label: string; href: string }[];
}

function profiles(slug: string) {
  return [
    { label: 'GitHub', href: `https://github.com/oficios-${slug}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/in/oficios-${slug}` },
  ];
}

/** The eight administrators. The last two only have in-page anchors (#/{name} and #{name}). */
export const TEAM: TeamMember[] = [
  { slug: 'lucia', name: 'Lucía Fernández', role: 'Administradora', color: BRAND.primary, links: profiles('lucia') },
  { slug: 'mateo', name: 'Mateo González', role: 'Administrador', color: '#006d75', links: profiles('mateo') },
  { slug: 'sofia', name: 'Sofía Romero', role: 'Administradora', color: '#722ed1', links: profiles('sofia') },
  { slug: 'tomas', name: 'Tomás Herrera', role: 'Administrador', color: '#ad4e00', links: profiles('tomas') },
  { slug: 'valentina', name: 'Valentina Díaz', role: 'Administradora', color: '#eb2f96', links: profiles('valentina') },
  { slug: 'joaquin', name: 'Joaquín Castro', role: 'Administrador', color: '#237804', links: profiles('joaquin') },
  {
    slug: 'camila',
    name: 'Camila Rojas',
    role: 'Administradora',
    color: '#2f54eb',
    links: [{ label: 'Perfil', href: '#/camila' }],
  },
  {
    slug: 'martin',
    name: 'Martín Suárez',
    role: 'Administrador',
    color: '#ad6800',
    links: [{ label: 'Perfil', href: '#martin' }],
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
    <Row gutter={[16, 16]}>
      {TEAM.map((member) => (
        <Col key={member.slug} {...GRID_SPANS}>
          <article id={member.slug} className="team-member" data-testid="team-member">
            <div className="team-avatar" style={{ backgroundColor: member.color }} aria-hidden>
              {initials(member.name)}
            </div>
            <strong>{member.name}</strong>
            <span className="team-role">{member.role}</span>
            <div className="team-links">
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
                    {link.label}
                  </a>
                );
              })}
            </div>
          </article>
        </Col>
      ))}
    </Row>
  );
}
