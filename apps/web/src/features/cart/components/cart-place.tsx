import { JOB_PLACE_MESSAGES, jobPlaceInputSchema, localityLabel, parseWith, type CartView } from '@oficios/domain';
import { Alert, Button, Card, Flex, Input } from 'antd';
import { useState } from 'react';
import { LocalityField } from '../../localities';
import { Typography } from '../../../shared/ui/typography';
import { useSetCartPlace } from '../api/set-cart-place';

export const CART_PLACE_TITLE = 'Lugar del trabajo';
export const NO_PLACE_TEXT = 'Todavía no indicaste dónde es el trabajo.';

/**
 * Where the cart's job is (the client's address until another is chosen) and the way to change it. A place some
 * professional of the cart does not reach is refused with the API's message, naming each of them; nothing changes.
 */
export function CartPlace({ cart }: { cart: CartView }) {
  const place = cart.place;
  const [editing, setEditing] = useState(false);
  const [localityId, setLocalityId] = useState<string | null>(place?.locality.id ?? null);
  const [street, setStreet] = useState(place?.street ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetCartPlace();

  const submit = async () => {
    const parsed = parseWith(jobPlaceInputSchema, { localityId: localityId ?? '', street });
    if (!parsed.ok) return setProblem(parsed.errors.map((error) => error.message).join('. '));
    setProblem(null);
    try {
      await save.mutateAsync(parsed.value);
      setEditing(false);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'No se pudo cambiar el lugar del trabajo');
    }
  };

  return (
    <Card size="small" title={CART_PLACE_TITLE} data-testid="cart-place">
      <Flex vertical gap={8}>
        <Typography.Text data-testid="cart-place-text">
          {place ? `${place.street}, ${localityLabel(place.locality)}` : NO_PLACE_TEXT}
        </Typography.Text>
        {editing ? (
          <Flex gap={8} wrap>
            <LocalityField
              value={localityId}
              onChange={(id) => setLocalityId(id)}
              aria-label="Localidad del trabajo"
              data-testid="cart-place-locality"
            />
            <Input
              aria-label="Calle del trabajo"
              placeholder={JOB_PLACE_MESSAGES.street}
              value={street}
              onChange={(event) => setStreet(event.target.value)}
              style={{ maxWidth: 320 }}
              data-testid="cart-place-street"
            />
            <Button type="primary" onClick={submit} loading={save.isPending} data-testid="cart-place-save">
              Guardar lugar
            </Button>
            <Button onClick={() => setEditing(false)}>Cancelar</Button>
          </Flex>
        ) : (
          <Button onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }} data-testid="cart-place-change">
            Cambiar lugar del trabajo
          </Button>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="cart-place-error" />}
      </Flex>
    </Card>
  );
}

/** The cart line's warning: the cart's place is outside the professional's area (the checkout would refuse it). */
export function OutsideAreaWarning({ message }: { message: string }) {
  return <Alert type="warning" showIcon title={message} style={{ marginTop: 6 }} data-testid="cart-line-outside-area" />;
}
