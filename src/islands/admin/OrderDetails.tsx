import type { AdminItem } from '../../shared/admin/resource.ts';
import { DELIVERY_LABELS } from '../../shared/admin/resources/orders.ts';
import { cellText, sizeText } from './cell.ts';

interface AttachedFile {
  _id: string;
  name: string;
  size: number;
  mimeType: string;
}

/** A parcel's label, a line each (shown with `white-space: pre-line`): the recipient, the address's lines, the postal code, the country. */
const addressText = (item: AdminItem): string =>
  [item.recipientName, item.deliveryAddress, item.postalCode, item.countryName]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join('\n') || '—';

/**
 * An order's page in the back office (the `order` panel): who bought what, where it goes, where it is, and the files
 * sent with it. It shows the item as the last verb left it (ship, mark delivered, attach a file).
 */
export default function OrderDetails({ item, timeZone = 'UTC' }: { item: AdminItem; timeZone?: string }) {
  const text = (key: string) => cellText(item[key], undefined, undefined, timeZone);
  const status = String(item.deliveryStatus) as keyof typeof DELIVERY_LABELS;
  const files = (item.files as AttachedFile[] | undefined) ?? [];
  const physical = item.productType === 'physical';
  const downloads = item.downloads as { used: number; limit: number } | undefined;
  const buyerId = encodeURIComponent(String(item.buyerId));
  const productId = encodeURIComponent(String(item.productId));
  return (
    <section className="panel admin-order" aria-labelledby="order-details" data-testid="order-details">
      <h2 id="order-details">Details</h2>
      <dl className="order-facts">
        <dt>Status</dt>
        <dd data-testid="order-status">
          <span className={`chip status-${status}`}>{DELIVERY_LABELS[status] ?? status}</span>
        </dd>
        {physical && (
          <>
            <dt>Tracking code</dt>
            <dd data-testid="order-tracking">{text('shippingCode')}</dd>
          </>
        )}
        <dt>Buyer</dt>
        <dd>
          <a href={`/admin/members/${buyerId}`}>
            {text('buyerName')} (@{text('buyer')})
          </a>{' '}
          · {text('buyerEmail')} · <a href={`/admin/orders?buyerId=${buyerId}`}>Their orders</a>
        </dd>
        <dt>Product</dt>
        <dd>
          <a href={`/admin/products/${productId}`}>{text('product')}</a> ({physical ? 'physical' : 'digital'}) ·{' '}
          <a href={`/admin/orders?productId=${productId}`}>All its orders</a>
        </dd>
        <dt>Quantity</dt>
        <dd>{text('quantity')}</dd>
        <dt>Price</dt>
        <dd>
          {text('unitPrice')} tokens each · {text('totalPrice')} tokens in all
        </dd>
        <dt>Ordered</dt>
        <dd>{text('createdAt')}</dd>
        {physical && (
          <>
            <dt>Deliver to</dt>
            <dd className="admin-address" data-testid="order-address">
              {addressText(item)}
            </dd>
            <dt>Phone</dt>
            <dd>{text('phoneNumber')}</dd>
            <dt>Receipt confirmed</dt>
            <dd>{item.buyerConfirmedAt ? text('buyerConfirmedAt') : 'Not yet'}</dd>
          </>
        )}
        {!physical && downloads && (
          <>
            <dt>Downloads</dt>
            <dd>
              {downloads.used} of {downloads.limit} used
            </dd>
          </>
        )}
        <dt>Buyer's note</dt>
        <dd className="admin-address">{text('userNote')}</dd>
      </dl>
      <h3>Delivery files</h3>
      {files.length ? (
        <ul className="order-files" data-testid="order-files">
          {files.map((f) => (
            <li key={f._id}>
              {f.name} <small className="muted">{sizeText(f.size)}</small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None yet.</p>
      )}
    </section>
  );
}
