import { Card, Collapse } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { CartItem } from '../atoms/cart.atom';
import { jobRequestToWriteAtom } from '../atoms/checkout.atom';
import { JobRequestField } from './job-request-field';

/**
 * The cart page's job requests: one panel per professional ("Pedido para …") with its description and photos, open
 * while nothing is written yet, so the client who came straight to the cart is asked too. Visitors are asked to sign in.
 */
export function CartJobRequests({ items }: { items: CartItem[] }) {
  if (items.length === 0) return null;
  const signedIn = items.every((item) => item.idDb !== undefined);
  return (
    <Card size="small" title="Detalles del pedido" data-testid="cart-job-requests">
      {signedIn ? <RequestPanels items={items} /> : <JobRequestField detailId={undefined} request={undefined} />}
    </Card>
  );
}

/** One panel per line; the summary's "Escribir el pedido" opens and focuses one (jobRequestToWriteAtom). */
function RequestPanels({ items }: { items: CartItem[] }) {
  const untold = items.filter((item) => !item.jobRequest || (item.jobRequest.text === '' && item.jobRequest.images.length === 0));
  const [open, setOpen] = useState<string[]>(() => untold.map((item) => String(item.professional.id)));
  const [toWrite, setToWrite] = useAtom(jobRequestToWriteAtom);
  const panels = useRef<HTMLDivElement>(null);

  // Sent back from the summary to write one: its panel opens, and its text box comes into view with the cursor in it.
  useEffect(() => {
    if (toWrite === null) return;
    const key = String(toWrite);
    setOpen((keys) => (keys.includes(key) ? keys : [...keys, key]));
    const frame = requestAnimationFrame(() => {
      const text = panels.current?.querySelector<HTMLTextAreaElement>(`[data-job-request-for="${key}"] textarea`);
      text?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      text?.focus({ preventScroll: true });
      setToWrite(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [toWrite, setToWrite]);

  return (
    <div ref={panels}>
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(keys)}
        items={items.map((item) => ({
          key: String(item.professional.id),
          label: `Pedido para ${item.professional.firstName} ${item.professional.lastName}`,
          children: (
            <div data-job-request-for={item.professional.id}>
              <JobRequestField key={item.idDb} detailId={item.idDb} request={item.jobRequest} />
            </div>
          ),
        }))}
      />
    </div>
  );
}
