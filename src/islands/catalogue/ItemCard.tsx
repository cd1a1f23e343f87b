import { CARD_SIZES, type CardModel } from '../../shared/cards.ts';
import Picture from './Picture.tsx';

const LOCK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect width="18" height="11" x="3" y="11" rx="2" ry="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/></svg>';

/** One catalogue item in a grid: thumbnail (or blurred preview with a lock chip), title, price and a detail line. */
export default function ItemCard({ card, eager }: { card: CardModel; eager?: boolean }) {
  const price = card.price > 0 ? `${card.price} tokens` : 'Free';
  return (
    <article className="item-card" data-kind={card.kind} data-id={card.id} data-locked={card.isLocked || undefined}>
      <a className="item-link" href={card.href}>
        <div className={`thumb thumb-${card.aspect}`}>
          {/* The title below names the link: the picture adds nothing to say (alt=""). */}
          {card.image ? <Picture image={card.image} alt="" sizes={CARD_SIZES} eager={eager} /> : <div className="thumb-empty" aria-hidden="true" />}
          {card.badge && <span className="thumb-badge">{card.badge}</span>}
          {card.isLocked && (
            <span className="lock-chip" aria-label={`Locked, ${price}`}>
              <span dangerouslySetInnerHTML={{ __html: LOCK }} />
              {card.price}
            </span>
          )}
        </div>
        <h3 className="item-title">{card.title}</h3>
      </a>
      <p className="item-meta">
        {card.kind !== 'post' && <span className={card.price > 0 ? 'chip chip-accent' : 'chip'}>{price}</span>}
        <span>{card.meta}</span>
      </p>
    </article>
  );
}
