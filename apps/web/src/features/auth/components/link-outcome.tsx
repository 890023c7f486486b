import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

interface LinkOutcomeProps {
  status: 'success' | 'error';
  title: string;
  subTitle: string;
  /** The one way on: a button to another page. */
  action: { label: string; to: string; testId?: string };
  testId: string;
}

/** How following a mailed link (password reset, e-mail check) ended, and the button that leaves the page. */
export function LinkOutcome({ status, title, subTitle, action, testId }: LinkOutcomeProps) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={() => navigate(action.to)} data-testid={action.testId}>
          {action.label}
        </Button>
      }
      data-testid={testId}
    />
  );
}
