import {
  CreditCardOutlined,
  FileAddOutlined,
  FormOutlined,
  LikeOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  StarOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Col, Flex, Row, Typography } from 'antd';
import { ProfessionPicker } from './profession-picker';
import { StepsCarousel, type CarouselStep } from './steps-carousel';
import { TeamSection } from './team-section';

const PROFESSIONAL_STEPS: CarouselStep[] = [
  {
    icon: <FormOutlined />,
    title: 'Completa tu registro',
    text: 'Usa el botón "Regístrate" de la barra de navegación, elige Profesional y cuéntanos tus oficios y sobre ti.',
  },
  {
    icon: <NotificationOutlined />,
    title: 'Espera las solicitudes',
    text: 'Recibirás solicitudes según tu actividad, tu ubicación y tu rango de desplazamiento. ¡Responde rápido!',
  },
  {
    icon: <WalletOutlined />,
    title: 'Cobra a través de Oficios',
    text: 'Configura tu cuenta para recibir tus pagos a través de Oficios, sin costo.',
  },
];

const CLIENT_STEPS: CarouselStep[] = [
  { icon: <UserAddOutlined />, title: 'Regístrate', text: 'Crea tu cuenta de cliente con el botón "Regístrate" de la barra de navegación.' },
  { icon: <FileAddOutlined />, title: 'Haz tu primera solicitud', text: 'Es gratis: cuéntanos con detalle qué necesitas arreglar.' },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Elige un profesional',
    text: 'Compara perfiles y reseñas: más estrellas significa más seguridad.',
  },
  { icon: <CreditCardOutlined />, title: 'Paga a través del sitio', text: 'Reserva los días que necesites y paga de forma segura desde Oficios.' },
  { icon: <StarOutlined />, title: 'Califica al profesional', text: 'Cuando termine el trabajo, deja tu puntuación y un comentario.' },
];

/** / : the only eagerly loaded page. */
export function LandingPage() {
  return (
    <Flex vertical gap={48}>
      <Flex vertical align="center" style={{ textAlign: 'center', paddingTop: 16 }}>
        <Typography.Title style={{ marginBottom: 8 }}>
          <LikeOutlined style={{ color: '#1677ff' }} /> Profesionales de confianza para tu hogar
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 640 }}>
          Plomeros, electricistas, gasistas y más: encuentra al indicado, resérvalo por día y paga a través de Oficios.
        </Typography.Paragraph>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={12}>
          <StepsCarousel
            id="professionals-carousel"
            heading="¿Eres profesional?"
            steps={PROFESSIONAL_STEPS}
            background="linear-gradient(135deg, #0958d9, #4096ff)"
          />
        </Col>
        <Col xs={24} md={12}>
          <StepsCarousel
            id="clients-carousel"
            heading="¿Necesitas un profesional?"
            steps={CLIENT_STEPS}
            background="linear-gradient(135deg, #08979c, #36cfc9)"
          />
        </Col>
      </Row>
      <ProfessionPicker />
      <TeamSection />
    </Flex>
  );
}
