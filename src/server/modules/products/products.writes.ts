import { eq } from 'drizzle-orm';
import { orders, products } from '../../db/schema.ts';
import type { StoredFile, StoredImage } from '../../lib/media/media-types.ts';
import { contentWrites, type ContentBody, type WriteDeps } from '../content/content-writes.ts';
import type { AdminUploads } from '../media-library/uploads.ts';
import { fileValue, imagesValue } from '../media-library/media-fields.ts';

export interface ProductBody extends ContentBody {
  name: string;
  type: 'digital' | 'physical';
  description?: string;
  price: number;
  stock?: number | null;
  images?: string[];
  file?: string | null;
}

/**
 * Products: the store's table. A physical product counts its stock, a digital one has its file, whose storage key
 * never leaves the server (the back office shows its name and size; buyers get signed, counted links).
 */
export function productWrites(deps: WriteDeps, uploads: AdminUploads) {
  return contentWrites<ProductBody>(deps, {
    resource: 'products',
    what: 'product',
    table: products,
    columns: {
      id: products.id,
      slug: products.slug,
      status: products.status,
      title: products.name,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      search: products.search,
      categoryIds: products.categoryIds,
      tags: products.tags,
      release: { kind: 'scheduled', at: products.scheduledAt },
    },
    titleField: 'name',
    group: 'product',
    filters: (query) => [query.type ? eq(products.type, query.type as ProductBody['type']) : undefined],
    toItem: (r) => ({
      _id: r.id,
      name: r.name,
      type: r.type,
      slug: r.slug,
      description: r.description,
      price: r.price,
      stock: r.stock,
      images: (r.images as StoredImage[]).map((i) => uploads.imageMedia(i)),
      file: r.file ? uploads.fileMedia(r.file as StoredFile, 'download') : null,
    }),
    values: async (body, before, problems, tx) => {
      const type = body.type ?? (before?.type as ProductBody['type'] | undefined);
      // What members bought stays as they bought it: its kind, and for a download a file to download.
      const sold = before && (body.type !== undefined || body.file === null) ? (await tx.$count(orders, eq(orders.productId, before.id))) > 0 : false;
      if (sold && body.type !== undefined && body.type !== before!.type)
        problems.type = `Kind: members bought this product as ${String(before!.type)}; it keeps its kind.`;
      if (sold && body.file === null && before!.type === 'digital')
        problems.file = 'File to download: members bought this product; replace the file rather than remove it.';
      const values: Record<string, unknown> = {
        ...(body.type !== undefined ? { type: body.type } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.price !== undefined ? { price: body.price } : {}),
        ...imagesValue(uploads, 'images', body.images, (before?.images as StoredImage[]) ?? [], problems),
        ...fileValue(uploads, 'file', body.file, 'download', (before?.file as StoredFile | null) ?? null, problems, {
          optional: true,
          label: 'File to download',
        }),
      };
      // Stock is counted for physical products only.
      if (type === 'digital') values.stock = null;
      else if (body.stock !== undefined || body.type !== undefined) {
        const stock = body.stock !== undefined ? body.stock : (before?.stock as number | null);
        if (stock === null || stock === undefined) problems.stock = 'Stock: give the units you have (0 or more).';
        values.stock = stock;
      }
      return values;
    },
    unpublishable: (row) => {
      const problems: Record<string, string> = {};
      if (!(row.images as StoredImage[] | undefined)?.length) problems.images = 'Pictures: add at least one before publishing.';
      if (row.type === 'digital' && !row.file) problems.file = 'File to download: a digital product needs its file before it is published.';
      return Object.keys(problems).length ? problems : null;
    },
  });
}
