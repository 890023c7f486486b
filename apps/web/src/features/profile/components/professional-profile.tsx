import {
  BOOKING_STATUS_LABELS,
  capitalize,
  orderStatusOfBookings,
  PROFILE_REVIEWS_SHOWN,
  type Profession,
  type Review,
} from '@oficios/domain';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import type { JobLine } from '@oficios/domain';
import { labelOf } from '../../../shared/ui/booked-dates';
import { professionPath } from '../../../shared/lib/profession-path';
import { LinkButton } from '../../../shared/ui/link-button';
import { ReviewItem } from '../../../shared/ui/review-item';
import { OrderStatusTag } from '../../../shared/ui/order-status-tag';
import { ProfileCard, type ProfilePerson } from './profile-card';
import { CalendarCard } from './calendar-card';
import { formatInstant, JobActions, useJobsTimeZone, type Job } from './job-actions';
import { JobRequestSummary } from './job-request-summary';
import { ProfileListCard } from './profile-list-card';
import { MyBusinessCard, type MyBusiness } from './my-business-card';
import { ServiceAreaCard } from './service-area-card';
import { HydratedApart } from '../../../shared/ui/hydrated-apart';
import { Typography } from '../../../shared/ui/typography';

const rowStyle = { padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

/** The booked days: the dates' labels ("Lunes 7 dic"). */
function jobDays(job: Job): string {
  return job.dates.map((date) => capitalize(labelOf(date))).join(', ');
}

function JobItem({ job, action }: { job: Job; action?: ReactNode }) {
  const timeZone = useJobsTimeZone();
  return (
    <li data-testid="job-line" data-status={job.status} data-line-status={job.lineStatus} data-order-id={job.orderId} style={rowStyle}>
      <Flex wrap gap="middle" align="center" justify="space-between">
        <Flex vertical gap={2}>
          <Typography.Text strong data-testid="job-client">
            {job.client.firstName} {job.client.lastName}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="job-address">
            {job.client.address}
          </Typography.Text>
        </Flex>
        <Typography.Text data-testid="job-days">{jobDays(job)}</Typography.Text>
        {/* One status: the spec's badge of what this job's own booking makes it (its order's may differ for the order's
            other professionals), named by the booking's state. */}
        <OrderStatusTag
          status={orderStatusOfBookings([job.lineStatus])}
          label={capitalize(BOOKING_STATUS_LABELS[job.lineStatus])}
          testId="job-status"
        />
      </Flex>
      {job.lineStatus === 'awaiting_professional' && job.responseDueAt && (
        <Typography.Text type="warning" data-testid="job-response-due">
          Responde antes del {formatInstant(job.responseDueAt, timeZone)}: si no, la reserva vence y se le devuelve el dinero al cliente.
        </Typography.Text>
      )}
      {job.jobRequest && <JobRequestSummary request={job.jobRequest} />}
      {job.dispute && (
        <Typography.Paragraph type="secondary" data-testid="job-dispute" style={{ margin: '4px 0' }}>
          Reclamo del cliente ({job.dispute.status === 'open' ? 'abierto' : 'resuelto'}): {job.dispute.reason}
          {job.dispute.professionalAnswer && ` · Tu respuesta: ${job.dispute.professionalAnswer}`}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap align="center">
        <JobActions job={job} />
        {action}
      </Flex>
    </li>
  );
}

interface ProfessionalProfileProps {
  professional: ProfilePerson & MyBusiness & { professions?: Profession[] };
  reviews: Review[];
  jobs: Job[] | JobLine[];
  /** What goes beside each job's actions ("Ver conversación"), composed by the app. */
  jobAction?: (job: Job) => ReactNode;
}

/** The professional's own profile: contact data, professions, "Mi negocio", "Zona de trabajo", "Reseñas" (first 9) and "Trabajos". */
export function ProfessionalProfile({ professional, reviews, jobs, jobAction }: ProfessionalProfileProps) {
  const shown = reviews.slice(0, PROFILE_REVIEWS_SHOWN);
  return (
    <Flex vertical gap="large" data-testid="professional-profile">
      <ProfileCard person={professional}>
        {(professional.professions ?? []).map((profession) => (
          <LinkButton key={profession.id} to={professionPath(profession.name)} data-testid="profile-profession">
            {capitalize(profession.name)}
          </LinkButton>
        ))}
      </ProfileCard>
      <HydratedApart>
        <MyBusinessCard business={professional} />
      </HydratedApart>
      <HydratedApart>
        <ServiceAreaCard area={professional.serviceArea ?? null} />
      </HydratedApart>
      <HydratedApart>
        <ProfileListCard title="Reseñas" testId="profile-reviews" empty="Todavía no tienes reseñas" items={shown}>
          {(review) => <ReviewItem key={review.id} review={review} testId="profile-review" />}
        </ProfileListCard>
      </HydratedApart>
      <HydratedApart>
        <CalendarCard />
      </HydratedApart>
      <HydratedApart>
        <ProfileListCard title="Trabajos" testId="jobs-list" empty="Todavía no recibiste trabajos" items={jobs}>
          {(job: Job) => <JobItem key={job.id} job={job} action={jobAction?.(job)} />}
        </ProfileListCard>
      </HydratedApart>
    </Flex>
  );
}
