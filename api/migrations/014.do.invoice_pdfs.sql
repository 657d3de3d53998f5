-- An invoice never changes once paid (product.md §9): its PDF is rendered once and kept, so a burst
-- of downloads reads bytes instead of rendering again (api/src/payments/invoiceFiles.ts).
CREATE TABLE invoice_pdfs (
  order_number TEXT PRIMARY KEY REFERENCES payment_orders (order_number) ON DELETE CASCADE,
  pdf BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
