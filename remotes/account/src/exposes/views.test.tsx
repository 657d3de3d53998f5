import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { Invoice, PaymentRecord } from '@portal/shared';
import { PAYMENT, signedInDevice } from '../testing';
import { DeviceListView, InvoiceView, PaymentHistoryView } from './views';

// Rendered with no query client and no router around them: the support console gives the views its
// own data, so a view that reached for the API or the customer's session would fail here.

const REFUNDED: PaymentRecord = {
  ...PAYMENT,
  creditNotes: [{ number: '2026-000042-P1', issued: '2026-11-22T10:00:00.000Z', amount: 12.45 }],
};
const PAYMENTS: PaymentRecord[] = [
  REFUNDED,
  { ...REFUNDED, orderNumber: '2026-000041', periodStart: '2026-10-20', periodEnd: '2026-11-20', creditNotes: [] },
];
const INVOICE: Invoice = {
  ...REFUNDED,
  means: 'Karticom Visa …4242',
  issued: '2026-11-20',
  customer: { fullName: 'Amra Hodžić', accountNumber: '1000001', username: 'demo@ontv.ba' },
};
const DEVICES = [
  signedInDevice(),
  signedInDevice({
    id: '22222222-2222-4222-8222-222222222222',
    type: 'PHONE',
    name: 'Samsung Galaxy A54',
    current: false,
  }),
];
const staffInvoice = (orderNumber: string) => `/podrska/racun/${orderNumber}`;

describe('PaymentHistoryView', () => {
  it('shows the payments read-only, each invoice linked where the caller says, a refund under its amount', () => {
    render(<PaymentHistoryView payments={PAYMENTS} invoiceHref={staffInvoice} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Vraćeno 12,45 KM (knjižna obavijest 2026-000042-P1)');
    expect(rows[2]).not.toHaveTextContent('Vraćeno');
    expect(screen.getByRole('link', { name: 'Račun 2026-000042' })).toHaveAttribute(
      'href',
      '/podrska/racun/2026-000042',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows what renderActions gives after each invoice link', () => {
    render(
      <PaymentHistoryView
        payments={PAYMENTS}
        invoiceHref={staffInvoice}
        renderActions={(payment) => <button type="button">{`refund ${payment.orderNumber}`}</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'refund 2026-000042' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'refund 2026-000041' })).toBeInTheDocument();
  });

  it('says there are no payments', () => {
    render(<PaymentHistoryView payments={[]} invoiceHref={staffInvoice} />);
    expect(screen.getByText('Nema uplata')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('InvoiceView', () => {
  it('shows the invoice with its number, customer and credit notes, and no buttons', () => {
    render(<InvoiceView invoice={INVOICE} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Račun br. 2026-000042');
    expect(screen.getByRole('article', { name: 'Račun br. 2026-000042' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kupac' })).toHaveTextContent('Amra Hodžić');
    expect(screen.getByText('Način plaćanja: Karticom Visa …4242')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Povrat novca' })).toHaveTextContent(
      /Knjižna obavijest br\. 2026-000042-P1 od .+: vraćeno 12,45 KM/,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the actions it is given', () => {
    render(<InvoiceView invoice={{ ...INVOICE, creditNotes: undefined }} actions={<button type="button">x</button>} />);
    expect(screen.getByRole('button', { name: 'x' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Povrat novca' })).toBeNull();
  });
});

describe('DeviceListView', () => {
  it('lists the devices read-only, this one marked', () => {
    render(<DeviceListView devices={DEVICES} />);
    const items = within(screen.getByRole('list', { name: 'Uređaji' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ovaj uređaj');
    expect(items[1]).toHaveTextContent('Samsung Galaxy A54');
    expect(items[1]).toHaveTextContent('Telefon ili tablet');
    expect(screen.queryByRole('button', { name: /Odjavi/ })).toBeNull();
  });

  it('shows what renderActions gives in each device’s row', () => {
    render(
      <DeviceListView
        devices={DEVICES}
        renderActions={(d) => !d.current && <button type="button">{`end ${d.name}`}</button>}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'end Samsung Galaxy A54' })).toBeInTheDocument();
  });
});
