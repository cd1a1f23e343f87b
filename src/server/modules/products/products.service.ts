import { products } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Product, ProductSearchQuery } from '../../../shared/contracts/products.ts';
import type { Viewer } from '../catalogue/access.ts';
import { equal, findItem, listItems, type ItemRow } from '../catalogue/catalogue.repository.ts';
import { statsOf, type CatalogueContext } from '../catalogue/context.ts';
import { PRODUCTS } from '../catalogue/tables.ts';

export class ProductsService {
  private readonly ctx: CatalogueContext;
  constructor(ctx: CatalogueContext) {
    this.ctx = ctx;
  }

  async search(query: ProductSearchQuery, viewer: Viewer) {
    const extra = query.type ? [equal(products.type, query.type)] : [];
    const { rows, ...total } = await listItems(this.ctx.db, PRODUCTS, query, viewer, extra);
    return { data: rows.map((r) => this.toProduct(r)), ...total };
  }

  async get(idOrSlug: string, viewer: Viewer, visitor: string | null = null): Promise<Product> {
    const row = await findItem(this.ctx.db, PRODUCTS, idOrSlug, viewer);
    if (!row) throw notFound('This product does not exist.');
    if (visitor) await this.ctx.views.count(PRODUCTS, row.id, visitor);
    return this.toProduct(row);
  }

  /** The wire product: never the digital file (its download link is a call of its own, for buyers). */
  toProduct(r: ItemRow<typeof products>): Product {
    return {
      _id: r.id,
      slug: r.slug,
      name: r.name,
      description: r.description,
      type: r.type,
      price: r.price,
      stock: r.type === 'physical' ? (r.stock ?? 0) : null,
      images: r.images.map((image) => this.ctx.media.image(image, false)),
      tags: r.tags,
      categories: r.categories,
      stats: statsOf(r),
      isBought: r.isBought,
      isLiked: r.isLiked,
      isFavourited: r.isFavourited,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }
}
