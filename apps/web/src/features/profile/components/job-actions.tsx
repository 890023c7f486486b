import { BOOKING_DEFAULTS, dateTimeLabel, lastDateHasPassed, type JobLine } from '@oficios/domain';
import { Button, Flex, Input, message, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useBookingSettings } from '../../../shared/api/get-booking-settings';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { useBookingAction } from '../api/booking-actions';
import { CancelDatesButton } from './cancel-dates-button';
import { Typography } from '../../../shared/ui/typography';

export type Job = JobLine;

export const CANCEL_JOB_WARNING = 'El cliente recibirá la devolución completa de lo que pagó por esta reserva.';

/** When the professional's answer is due, in the marketplace's zone: "12/12/26 14:30". */
export function formatInstant(iso: string, timeZone: string = BOOKING_DEFAULTS.timeZone): string {
  return dateTimeLabel(iso, timeZone);
}

/**
 * The booking rules' time zone for the jobs' times and "is it over?": none (the default zone) while React hydrates,
 * since the server rendered the jobs without the rules and the first render in the browser must match it, even when
 * the rules' answer came first.
 */
export function useJobsTimeZone(): string | undefined {
  const hydrated = useHydrated();
  const timeZone = useBookingSettings().data?.timeZone;
  return hydrated ? timeZone : undefined;
}

type Dialog = { kind: 'decline' | 'cancel' | 'answer'; text: string } | null;

/**
 * What the professional may do with a job: accept or decline (with an optional reason) while it awaits
 * its answer, mark it done after its last date, cancel a confirmed one (the client gets everything back), and
 * answer a client's report of a problem.
 */
export function JobActions({ job }: { job: Job }) {
  const timeZone = useJobsTimeZone();
  const act = useBookingAction();
  const [toast, toastHolder] = message.useMessage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const lastDate = job.dates.at(-1);
  const canMarkDone = job.lineStatus === 'confirmed' && lastDate !== undefined && lastDateHasPassed(lastDate, Date.now(), timeZone);
  const awaitingAnswer = job.dispute?.status === 'open' && job.dispute.professionalAnswer === null;

  const run = (request: Parameters<typeof act.mutate>[0], done: string) =>
    act.mutate(request, {
      onSuccess: () => {
        setDialog(null);
        void toast.success(done);
      },
      onError: (error) => void toast.error(errorMessage(error)),
    });

  const confirmDialog = () => {
    if (!dialog) return;
    const text = dialog.text.trim();
    if (dialog.kind === 'decline')
      run({ bookingId: job.id, action: 'decline', ...(text ? { reason: text } : {}) }, 'Rechazaste el trabajo');
    else if (dialog.kind === 'cancel') run({ bookingId: job.id, action: 'cancel' }, 'Cancelaste el trabajo');
    else if (text) run({ bookingId: job.id, action: 'dispute/answer', answer: text }, 'Enviamos tu respuesta');
  };

  const open = (kind: NonNullable<Dialog>['kind']) => setDialog({ kind, text: '' });
  const busy = act.isPending;

  return (
    <Flex gap={8} wrap data-testid="job-actions">
      {toastHolder}
      {job.lineStatus === 'awaiting_professional' && (
        <>
          <Button
            type="primary"
            loading={busy}
            onClick={() => run({ bookingId: job.id, action: 'accept' }, 'Aceptaste el trabajo')}
            data-testid="job-accept"
          >
            Aceptar
          </Button>
          <Button danger disabled={busy} onClick={() => open('decline')} data-testid="job-decline">
            Rechazar
          </Button>
        </>
      )}
      {canMarkDone && (
        <Button
          loading={busy}
          onClick={() => run({ bookingId: job.id, action: 'done' }, 'Marcaste el trabajo como realizado')}
          data-testid="job-done"
        >
          Marcar como realizado
        </Button>
      )}
      {job.lineStatus === 'confirmed' && (
        <Button danger disabled={busy} onClick={() => open('cancel')} data-testid="job-cancel">
          Cancelar
        </Button>
      )}
      {job.lineStatus === 'confirmed' && job.dates.length > 1 && <CancelDatesButton bookingId={job.id} who="professional" />}
      {awaitingAnswer && (
        <Button disabled={busy} onClick={() => open('answer')} data-testid="job-dispute-answer">
          Responder reclamo
        </Button>
      )}
      <Modal
        open={dialog !== null}
        title={
          dialog?.kind === 'decline' ? 'Rechazar el trabajo' : dialog?.kind === 'cancel' ? 'Cancelar el trabajo' : 'Responder el reclamo'
        }
        okText={dialog?.kind === 'decline' ? 'Rechazar' : dialog?.kind === 'cancel' ? 'Cancelar el trabajo' : 'Enviar respuesta'}
        cancelText="Volver"
        okButtonProps={{
          danger: dialog?.kind !== 'answer',
          disabled: dialog?.kind === 'answer' && !dialog.text.trim(),
          'data-testid': 'job-dialog-ok',
        }}
        confirmLoading={busy}
        onOk={confirmDialog}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        data-testid="job-dialog"
      >
        {dialog?.kind === 'cancel' ? (
          <Typography.Paragraph data-testid="job-cancel-warning">{CANCEL_JOB_WARNING}</Typography.Paragraph>
        ) : (
          <>
            {dialog?.kind === 'answer' && job.dispute && (
              <Typography.Paragraph data-testid="job-dispute-reason">El cliente dice: {job.dispute.reason}</Typography.Paragraph>
            )}
            <Input.TextArea
              value={dialog?.text ?? ''}
              onChange={(event) => setDialog((current) => (current ? { ...current, text: event.target.value } : current))}
              placeholder={dialog?.kind === 'decline' ? 'Motivo (opcional)' : 'Tu respuesta'}
              aria-label={dialog?.kind === 'decline' ? 'Motivo del rechazo' : 'Tu respuesta al reclamo'}
              maxLength={500}
              rows={3}
            />
          </>
        )}
      </Modal>
    </Flex>
  );
}
