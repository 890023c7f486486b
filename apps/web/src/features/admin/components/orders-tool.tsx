import { formatMoney, pesosToCents, ORDER_STATUSES, orderDateLabel } from '@oficios/domain';
import { Flex, message, Modal, Select, Table, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { OrderStatusTag } from '../../../shared/ui/order-status-tag';
import { QueryError } from '../../../shared/ui/query-error';
import { ORDERS_PAGE_SIZE, useOrders, type AdminOrder, type OrdersFilter } from '../api/get-orders';
import { OrderStatusSelect } from './order-status-select';
import { PaymentAlertTags } from './payment-alert-tags';
import { Typography } from '../../../shared/ui/typography';

const FILTER_OPTIONS = [{ value: 'Todas', label: 'Todas' }, ...ORDER_STATUSES.map((status) => ({ value: status, label: status }))];

/**
 * "Ordenes de Compra": every order, filtered by status, a page at a time, with its payments that need an
 * administrator (review, refund due); the status is changed along the moves the server allows.
 */
export function OrdersTool() {
  const [status, setStatus] = useState<OrdersFilter>('Todas');
  const [page, setPage] = useState(1);
  const orders = useOrders({ status, page, pageSize: ORDERS_PAGE_SIZE });
  const [toast, toastHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();

  const confirmRefund = (order: AdminOrder) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        title: `¿Cancelar la orden ${order.id}?`,
        content: `La orden ya está pagada: al cancelarla queda registrado que hay que devolverle ${formatMoney(pesosToCents(order.amount))} al cliente.`,
        okText: 'Cancelar y devolver el dinero',
        okButtonProps: { danger: true },
        cancelText: 'Volver',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const columns: TableColumnsType<AdminOrder> = [
    {
      key: 'date',
      title: 'Fecha',
      render: (_, order) => <span data-testid="order-date">{orderDateLabel(order.createdAt ?? order.date)}</span>,
    },
    { key: 'id', title: 'ID Orden', dataIndex: 'id', render: (id: number) => <span data-testid="order-id">{id}</span> },
    { key: 'client', title: 'ID Cliente', dataIndex: 'clientId', render: (id: number) => <span data-testid="order-client">{id}</span> },
    {
      key: 'professionals',
      title: 'Cantidad de Profesionales',
      render: (_, order) => <span data-testid="order-professionals">{order.orderDetails?.length ?? 0}</span>,
    },
    {
      key: 'amount',
      title: 'Costo Total',
      dataIndex: 'amount',
      render: (amount: number) => <span data-testid="order-amount">{formatMoney(pesosToCents(amount))}</span>,
    },
    {
      key: 'status',
      title: 'Estado Actual',
      render: (_, order) => (
        <Flex vertical gap={4} align="start">
          <OrderStatusTag status={order.status} testId="order-status" />
          <PaymentAlertTags alert={order.paymentAlert} />
        </Flex>
      ),
    },
    {
      key: 'change',
      title: 'Cambiar Estado',
      render: (_, order) => (
        <OrderStatusSelect
          order={order}
          confirmRefund={confirmRefund}
          onChanged={(saved) => void toast.success(`Orden ${saved.id}: estado cambiado a ${saved.status}`)}
          onFailed={(failed, error) => void toast.error(`No se pudo cambiar el estado de la orden ${failed.id}: ${errorMessage(error)}`)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap="middle" data-testid="orders-tool">
      {toastHolder}
      {modalHolder}
      <Typography.Title level={3} style={{ margin: 0 }}>
        Editar Ordenes
      </Typography.Title>
      <Flex gap="small" align="center" wrap>
        <label htmlFor="orders-status-filter">Filtrar por Estado</label>
        <Select<OrdersFilter>
          id="orders-status-filter"
          aria-label="Filtrar por Estado"
          value={status}
          options={FILTER_OPTIONS}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          style={{ minWidth: 160 }}
          data-testid="orders-filter"
        />
      </Flex>
      {orders.isError && <QueryError error={orders.error} title="No se pudieron cargar las ordenes" />}
      <Table<AdminOrder>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={orders.data?.items ?? []}
        loading={orders.isFetching}
        locale={{ emptyText: status === 'Todas' ? 'No hay ordenes' : `No hay ordenes ${status}` }}
        onRow={(order) =>
          ({ 'data-testid': 'order-row', 'data-order-id': order.id, 'data-status': order.status }) as HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: ORDERS_PAGE_SIZE,
          total: orders.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} ordenes`,
          onChange: setPage,
        }}
      />
    </Flex>
  );
}
