import { capitalize, PROFILE_REVIEWS_SHOWN, type Profession, type Review } from '@oficios/domain';
import { Flex, Typography } from 'antd';
import type { JobLine } from '@oficios/domain';
import { professionPath } from '../../../shared/lib/profession-path';
import { LinkButton } from '../../../shared/ui/link-button';
import { ReviewItem } from '../../../shared/ui/review-item';
import { OrderStatusTag } from '../../../shared/ui/order-status-tag';
import { ProfileCard, type ProfilePerson } from './profile-card';
import { ProfileListCard } from './profile-list-card';

const lineStyle = { padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };

function JobItem({ job }: { job: JobLine }) {
  const days = job.days ?? [];
  return (
    <li data-testid="job-line" data-status={job.status} data-order-id={job.orderId} style={lineStyle}>
      <Flex wrap gap="middle" align="center" justify="space-between">
        <Flex vertical gap={2}>
          <Typography.Text strong data-testid="job-client">
            {job.client.firstName} {job.client.lastName}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid="job-address">
            {job.client.address}
          </Typography.Text>
        </Flex>
        <Typography.Text data-testid="job-days">{days.length > 0 ? days.map(capitalize).join(', ') : 'Sin días'}</Typography.Text>
        <OrderStatusTag status={job.status} testId="job-status" />
      </Flex>
    </li>
  );
}

interface ProfessionalProfileProps {
  professional: ProfilePerson & { professions?: Profession[] };
  reviews: Review[];
  jobs: JobLine[];
}

/** The professional's own profile: contact data, professions, "Reseñas" (first 9) and "Trabajos". */
export function ProfessionalProfile({ professional, reviews, jobs }: ProfessionalProfileProps) {
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
      <ProfileListCard title="Reseñas" testId="profile-reviews" empty="Todavía no tienes reseñas" items={shown}>
        {(review) => <ReviewItem key={review.id} review={review} testId="profile-review" />}
      </ProfileListCard>
      <ProfileListCard title="Trabajos" testId="jobs-list" empty="Todavía no recibiste trabajos" items={jobs}>
        {(job) => <JobItem key={job.id} job={job} />}
      </ProfileListCard>
    </Flex>
  );
}
