import {
  CreditCardOutlined,
  FileAddOutlined,
  FormOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  StarOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { professionsQueryOptions } from '../../../shared/api/get-professions';
import './landing.css';
import { PickerPlaceholder } from './picker-placeholder';
import type { CarouselStep } from './steps-carousel';
import { StepsSection } from './steps-section';

// First paint needs only the shell, the hero and the section headings; the
// picker, the carousels and the team stream in right after (see scripts/report-size.mjs).
const ProfessionPicker = lazy(() => import('./profession-picker').then((m) => ({ default: m.ProfessionPicker })));
const TeamSection = lazy(() => import('./team-section').then((m) => ({ default: m.TeamSection })));

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
  {
    icon: <UserAddOutlined />,
    title: 'Regístrate',
    text: 'Crea tu cuenta de cliente con el botón "Regístrate" de la barra de navegación.',
  },
  { icon: <FileAddOutlined />, title: 'Haz tu primera solicitud', text: 'Es gratis: cuéntanos con detalle qué necesitas arreglar.' },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Elige un profesional',
    text: 'Compara perfiles y reseñas: más estrellas significa más seguridad.',
  },
  {
    icon: <CreditCardOutlined />,
    title: 'Paga a través del sitio',
    text: 'Reserva los días que necesites y paga de forma segura desde Oficios.',
  },
  { icon: <StarOutlined />, title: 'Califica al profesional', text: 'Cuando termine el trabajo, deja tu puntuación y un comentario.' },
];

/** / : the only eagerly loaded page. */
export function LandingPage() {
  const queryClient = useQueryClient();
  // Ask for the professions while the picker's code is still on its way.
  useEffect(() => {
    void queryClient.prefetchQuery(professionsQueryOptions());
  }, [queryClient]);

  return (
    <div className="landing">
      <header className="landing-hero">
        <h1>Profesionales de confianza para tu hogar</h1>
        <p>Plomeros, electricistas, gasistas y más: encuentra al indicado, resérvalo por día y paga a través de Oficios.</p>
      </header>
      <div className="landing-carousels">
        <StepsSection
          id="professionals-carousel"
          heading="¿Eres profesional?"
          steps={PROFESSIONAL_STEPS}
          background="linear-gradient(135deg, #0958d9, #4096ff)"
        />
        <StepsSection
          id="clients-carousel"
          heading="¿Necesitas un profesional?"
          steps={CLIENT_STEPS}
          background="linear-gradient(135deg, #08979c, #36cfc9)"
        />
      </div>
      <section aria-labelledby="profession-picker-title" data-testid="profession-picker">
        <h2 id="profession-picker-title">Elige una profesion:</h2>
        <Suspense fallback={<PickerPlaceholder />}>
          <ProfessionPicker />
        </Suspense>
      </section>
      <section aria-labelledby="team-title" data-testid="team-section">
        <h2 id="team-title">Nuestro equipo</h2>
        <Suspense fallback={null}>
          <TeamSection />
        </Suspense>
      </section>
    </div>
  );
}
